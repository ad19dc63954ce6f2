import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import "./globals.css";
import { HydrationMark } from "./_components/hydration-mark";

export const metadata: Metadata = {
  title: { default: "Outreach", template: "%s · Outreach" },
  description: "Draft, review and send outreach across projects.",
  // The tab icon, Apple's and the web manifest come from Next's file conventions (app/favicon.ico, app/icon.svg,
  // app/apple-icon.png, app/manifest.ts). Pinned to a phone's home screen it opens in a window of its own.
  appleWebApp: { capable: true, title: "Outreach", statusBarStyle: "default" },
};

// The browser's bar colour on a phone: the page's own background, light or dark.
export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fafafa" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

// Runs before first paint so the page never flashes the wrong theme. The saved choice lives in
// localStorage.theme (light | dark | system); "system" tracks prefers-color-scheme, including live changes.
// Kept as a plain string because it must run before React hydrates.
const themeScript = `(function () {
  var media = window.matchMedia("(prefers-color-scheme: dark)");
  function saved() {
    try {
      var v = localStorage.getItem("theme");
      return v === "light" || v === "dark" ? v : "system";
    } catch (e) {
      return "system";
    }
  }
  function apply() {
    var t = saved();
    var dark = t === "dark" || (t === "system" && media.matches);
    document.documentElement.classList.toggle("dark", dark);
  }
  apply();
  media.addEventListener("change", apply);
  window.addEventListener("storage", function (e) { if (e.key === "theme") apply(); });
  window.__applyTheme = apply;
})();`;

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The page's Content-Security-Policy allows only scripts carrying this request's nonce (proxy.ts).
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Browsers hide a nonce from the DOM once read, so the client sees it empty: not a real mismatch. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-screen font-sans">
        {children}
        <HydrationMark />
      </body>
    </html>
  );
}
