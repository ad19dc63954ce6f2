import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "../_components/auth/auth-card";
import { SignupForm } from "../_components/auth/signup-form";

export const metadata: Metadata = { title: "Set up" };

export default function SignupPage() {
  return (
    <AuthCard
      title="Create the first account"
      description="This sets up your organization. You become its owner."
      footer={
        <>
          Already set up?{" "}
          <Link href="/login" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Sign in
          </Link>
        </>
      }
    >
      <SignupForm />
    </AuthCard>
  );
}
