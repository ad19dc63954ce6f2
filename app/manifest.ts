// /manifest.webmanifest: lets a phone (or a desktop browser) pin the dashboard as an app, opening on Home in a window
// of its own. Next links it from every page. The icons are the ones in app/ (tab and Apple) and public/icons/ (the
// install sizes, and a full-bleed one Android may crop to its own shape).
import type { MetadataRoute } from "next";

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Outreach",
    short_name: "Outreach",
    description: "Draft, review and send outreach across projects.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    // zinc-50, the page's light background, and indigo-600, the icon's and the primary buttons' colour.
    background_color: "#fafafa",
    theme_color: "#4f46e5",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
}
