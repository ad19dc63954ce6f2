// Where sign-in may send the browser afterwards (`/login?next=`): an address of this very origin, decided the way the
// browser will read it, and handed back **absolute**. String checks miss what URL parsing does (tabs and newlines are
// dropped, backslashes read as slashes, "/\t/evil.example" becomes "//evil.example"), and so does returning only the
// path: dot segments are removed after the origin check, so "/.//evil.example/x" resolves to the path
// "//evil.example/x", which `location.href` reads as another host. An absolute URL of this origin can only ever lead
// here, whatever its path looks like.
export function safeNextUrl(next: string | null | undefined, origin: string): string {
  const home = new URL("/", origin).href;
  if (!next) return home;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return home;
  }
  if (url.origin !== new URL(origin).origin) return home;
  // A path that starts with two slashes is this origin's, but it reads as another host wherever it is used as a path
  // again (a link, a Location header): collapse the slashes so no later step can misread it.
  url.pathname = url.pathname.replace(/^\/{2,}/, "/");
  return url.href;
}
