// Runs on the managed cloud dashboard only (when the build names one): each visit tells the worker, which pairs
// this browser with the cloud on the first visit where the user is signed in (SPEC 5.6).
import { sendToWorker } from "./messages";

void sendToWorker({ type: "cloud-visit" });
