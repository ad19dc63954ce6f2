// Where a sent post or comment lives on its platform: what the extension saw appear, or what a person pasted when
// marking it sent by hand. Kept on the draft as its published address (the removal checks read it). Shared by the
// routes and the inbox's Mark as sent form, so the form says exactly what the route would refuse.
import { z } from "zod";

export const PERMALINK_MAX = 2000;

export const ZPermalink = z
  .url({ protocol: /^https?$/, error: "Give the full link, starting with https://" })
  .max(PERMALINK_MAX, `A link is at most ${PERMALINK_MAX} characters`);
