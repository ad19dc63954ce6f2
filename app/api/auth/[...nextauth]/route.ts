// GET/POST /api/auth/* - next-auth's own endpoints (session, csrf, credentials callback) (public)
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";

const handler = NextAuth(authOptions);
export { handler as GET, handler as POST };
