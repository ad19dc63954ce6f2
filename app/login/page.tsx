import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "../_components/auth/auth-card";
import { LoginForm } from "../_components/auth/login-form";
import { isCloudEdition } from "@/lib/edition/edition";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const next = typeof sp.next === "string" ? sp.next : undefined;
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
    </AuthCard>
  );
}
