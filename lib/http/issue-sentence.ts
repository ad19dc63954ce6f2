// One validation problem as a sentence a person can act on. zod's own default messages ("Too small: expected string
// to have >=1 characters") read like a stack trace; messages written in our schemas are kept as they are.
import type { z } from "zod";

type Issue = z.core.$ZodIssue;

const DEFAULT_MESSAGE = /^(Too small|Too big|Invalid input|Invalid option|Invalid string|Invalid (email|url|ISO|UUID)|Unrecognized key|Invalid element|Invalid key|Invalid value)/i;

function fieldName(path: PropertyKey[]): string {
  if (path.length === 0) return "The request";
  const name = path.map(String).join(".");
  // camelCase and snake_case read as words: "expiresInDays" → "Expires in days".
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function issueSentence(issue: Issue): string {
  if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  const field = fieldName(issue.path);
  switch (issue.code) {
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? `${field} is required.` : `${field} must be at least ${min} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `${field} needs at least ${min} item${min === 1 ? "" : "s"}.`;
      return `${field} must be at least ${min}.`;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return `${field} must be at most ${max} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `${field} takes at most ${max} items.`;
      return `${field} must be at most ${max}.`;
    }
    case "invalid_type":
      // Issues do not carry the input (zod leaves it out unless asked); its message says what was received.
      return /received undefined/.test(issue.message) ? `${field} is required.` : `${field} must be a ${issue.expected === "int" ? "whole number" : issue.expected}.`;
    case "invalid_value":
      return `${field} must be one of: ${issue.values.map(String).join(", ")}.`;
    case "invalid_format":
      return `${field} is not a valid ${issue.format === "datetime" ? "date and time" : issue.format}.`;
    case "unrecognized_keys":
      return `${issue.keys.length === 1 ? `"${issue.keys[0]}" is` : `${issue.keys.map((k) => `"${k}"`).join(", ")} are`} not accepted here.`;
    default:
      return `${field} is not valid.`;
  }
}
