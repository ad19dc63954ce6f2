// Build-time configuration (extension/build.mjs injects it), so tests can point a build at a local fake platform.

export interface ExtensionConfig {
  /** The platform's origins: main site first, legacy UI second. Content scripts run on these. */
  platformOrigins: string[];
  /** The origin serving the legacy inbox JSON feed. */
  legacyOrigin: string;
  /** Matrix client API base of the platform's chat (no trailing slash). */
  matrixBase: string;
  /** The managed cloud dashboard's origin, paired automatically on the first signed-in visit; null when not set. */
  cloudOrigin: string | null;
}

declare const __OUTREACH_CONFIG__: ExtensionConfig;

export const config: ExtensionConfig = __OUTREACH_CONFIG__;

/** The platform identifier the dashboard uses for this platform's drafts. */
export const PLATFORM_ID = "forum";
