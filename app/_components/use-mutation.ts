"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { errorMessage } from "./api-fetch";

/**
 * Runs one mutation at a time and tracks its pending flag and error message. After success the server components
 * are re-rendered with `router.refresh()` unless `refresh: false` is passed.
 */
export function useMutation() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async <T,>(fn: () => Promise<T>, opts: { refresh?: boolean } = {}): Promise<T | undefined> => {
      setPending(true);
      setError(null);
      try {
        const result = await fn();
        if (opts.refresh !== false) router.refresh();
        return result;
      } catch (err) {
        setError(errorMessage(err));
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [router],
  );

  return { pending, error, setError, run };
}
