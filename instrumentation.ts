// Runs once when the Next server starts, before it serves a request. Everything it does is in lib/boot/start-instance.ts,
// loaded on Node only so the edge bundle carries none of it.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startInstance } = await import("@/lib/boot/start-instance");
  await startInstance();
}
