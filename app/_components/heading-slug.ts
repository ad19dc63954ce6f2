/** The anchor a heading gets, as Markdown documents' own links spell it (`#stopping-and-restarting`). */
export function headingSlug(text: string): string {
  return text.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}
