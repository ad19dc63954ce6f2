// GET /extension.zip - the browser extension built for this server, as a zip to load unpacked in a Chromium browser
// (session; docs/extension.md)
import { withOrg } from "@/lib/http/with-org";
import { AppError } from "@/lib/http/errors";
import { packageExtension } from "@/lib/extension/package-extension";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withOrg({ apiKeys: false }, async () => {
  const pkg = await packageExtension();
  if (!pkg) throw new AppError("unavailable", "The browser extension is not available for download on this server yet.");
  return new Response(new Uint8Array(pkg.zip), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${pkg.fileName}"`,
      "content-length": String(pkg.zip.length),
      "cache-control": "private, no-cache",
    },
  });
});
