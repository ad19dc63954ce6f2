import { notFound } from "next/navigation";
import { AppError } from "@/lib/http/errors";

/** Route params arrive as strings; anything that is not a positive integer id is a 404, not a crash. */
export function parseIdOr404(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) notFound();
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  return id;
}

/** Awaits a `getXOrThrow` lookup and turns its not_found into the framework's 404 page. */
export async function orNotFound<T>(lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}
