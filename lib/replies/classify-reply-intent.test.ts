import { describe, expect, it } from "vitest";
import { classifyReplyIntent } from "./classify-reply-intent";

const intentOf = (text: string) => classifyReplyIntent(text).intent;

describe("classifyReplyIntent", () => {
  it("calls the opt-out phrases opt_out, in English and Italian", () => {
    for (const text of ["Please stop messaging me.", "unsubscribe", "Non mi interessa, grazie", "lasciami in pace"]) {
      const j = classifyReplyIntent(text);
      expect(j.intent, text).toBe("opt_out");
      expect(j.confidence).toBeGreaterThan(0.9);
    }
    expect(classifyReplyIntent("stop messaging me please").reason).toContain("stop messaging me");
  });

  it("recognises auto-replies and out-of-office notices in English", () => {
    for (const text of [
      "I am out of the office until 12 December with limited access to email.",
      "Automatic reply: thanks for your message.",
      "I'm on vacation, back next week.",
      "I'm away until Monday 3rd.",
      "OOO - I will be back on the 5th.",
    ]) {
      expect(intentOf(text), text).toBe("out_of_office");
    }
  });

  it("recognises auto-replies and out-of-office notices in Italian", () => {
    for (const text of [
      "Sono fuori ufficio fino al 6 gennaio.",
      "Risposta automatica: grazie per il messaggio.",
      "Sono attualmente in ferie, rientrerò il 10.",
      "Assente fino al 3 marzo.",
      "Sarò di nuovo in ufficio dal 2 aprile.",
    ]) {
      expect(intentOf(text), text).toBe("out_of_office");
    }
  });

  it("leaves a person who talks about time away, or about offices, alone", () => {
    expect(intentOf("I love working out of a small office, tell me more!")).not.toBe("out_of_office");
    expect(intentOf("We automated our reply templates last year")).not.toBe("out_of_office");
    expect(intentOf("Non sono mai in ufficio, scrivimi qui")).not.toBe("out_of_office");
  });

  it("only guesses at the rest, with low confidence, for the drafting run to decide", () => {
    const q = classifyReplyIntent("Sounds neat. How much does it cost?");
    expect(q).toMatchObject({ intent: "question" });
    expect(q.confidence).toBeLessThan(0.5);
    expect(classifyReplyIntent("Quanto costa").intent).toBe("question");
    const other = classifyReplyIntent("Thanks, I'll take a look at it tonight.");
    expect(other.intent).toBe("other");
    expect(other.confidence).toBeLessThan(0.5);
  });

  it("does not take a turned-around not-interested for an opt-out", () => {
    expect(intentOf("Not interested in the paid plan, but the free one looks good. Is there a limit?")).toBe("question");
  });
});
