// Where sign-in may send the browser afterwards (`/login?next=`): a path of this very origin, decided the way the
// browser will read it. String checks miss what URL parsing does: tabs and newlines are dropped and backslashes read
// as slashes, so "/\t/evil.example" or "/\\evil.example" become "//evil.example", another site.
export function safeNextPath(next: string | null | undefined, origin: string): string {
  if (!next) return "/";
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return "/";
  }
  if (url.origin !== new URL(origin).origin) return "/";
  return `${url.pathname}${url.search}${url.hash}` || "/";
}
