import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "../_components/auth/auth-card";
import { LoginForm } from "../_components/auth/login-form";
import { SsoSignIn } from "../_components/auth/sso-sign-in";
import { isCloudEdition } from "@/lib/edition/edition";
import { isSsoOffered, ssoErrorMessage } from "@/lib/sso/sso-sign-in-offer";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const next = typeof sp.next === "string" ? sp.next : typeof sp.callbackUrl === "string" ? sp.callbackUrl : undefined;
  const ssoError = ssoErrorMessage({ sso_error: typeof sp.sso_error === "string" ? sp.sso_error : undefined, error: typeof sp.error === "string" ? sp.error : undefined });
  const offerSso = ssoError !== null || (await isSsoOffered());
  return (
    <AuthCard
      title="Sign in"
      description={isCloudEdition() ? "Welcome back." : "Use the account your organization set up."}
      footer={
        <>
          {isCloudEdition() ? "New here?" : "First time?"}{" "}
          <Link href="/signup" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            {isCloudEdition() ? "Create an account" : "Create the first account"}
          </Link>
        </>
      }
    >
      <LoginForm next={next} />
      {offerSso ? (
        <>
          <div className="my-5 flex items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400" aria-hidden="true">
            <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
            or
            <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
          </div>
          <SsoSignIn next={next} initialError={ssoError} />
        </>
      ) : null}
    </AuthCard>
  );
}
