import { describe, expect, it } from "vitest";
import { detectOptOut } from "./detect-opt-out";

describe("opt-out replies", () => {
  it.each([
    "stop",
    "STOP.",
    "Stop please",
    "please stop 🙏",
    "unsubscribe",
    "Not interested, thanks.",
    "I'm not interested.",
    "Please don't message me again.",
    "do not contact me",
    "Stop messaging me!",
    "stop sending me these",
    "Leave me alone",
    "Remove me from your list",
    "no more messages please",
    "Non mi interessa",
    "non mi interessa, grazie",
    "Non sono interessata",
    "non contattarmi più",
    "Per favore non scrivermi",
    "non mi scrivere più",
    "Smettila di scrivermi!",
    "basta di contattarmi",
    "lasciami in pace",
    "basta",
    "cancellami dalla lista",
  ])("%s asks not to be contacted", (text) => {
    expect(detectOptOut(text)).not.toBeNull();
  });

  it.each([
    "Don't stop, this is great",
    "I can't stop reading your post",
    "Feel free to stop by the shop",
    "a non-stop flight",
    "Don't stop messaging me, I like the updates",
    "If you're not interested in the pro plan, the free one works",
    "I'm not interested in the paid tier, but the open source version sounds good",
    "Non mi interessa il prezzo, ma la funzione sì",
    "Non smettere di scrivermi, mi piace",
    "Thanks, this is interesting!",
    "Mi interessa molto, scrivimi pure",
    "How do I stop the app from syncing?",
  ])("%s does not", (text) => {
    expect(detectOptOut(text)).toBeNull();
  });

  it("keeps the words that asked", () => {
    expect(detectOptOut("Hey. Please don't message me again, thanks")?.phrase).toBe("Please don't message me");
  });
});
