"use client";

import { useEffect, useRef, useState } from "react";

/**
 * The text of an input whose committed value lives in the URL, committed after a pause in typing.
 *
 * The URL catches up with a commit a moment later (the router syncs history changes in a transition), so a value
 * arriving from the URL may be the echo of something typed earlier while the person has typed on since: copying
 * it into the box would undo their latest keystrokes (type, pause, clear: the box came back with the old words).
 * Echoes of our own commits are therefore recognised and left alone; any other change (Back, Clear filters) is
 * copied into the box.
 */
export function useUrlText(
  value: string | null,
  onCommit: (v: string | null) => void,
  options: { delayMs: number; normalize: (text: string) => string | null; isValid?: (text: string) => boolean },
) {
  const [text, setText] = useState(value ?? "");
  const commit = useRef(onCommit);
  commit.current = onCommit;
  const { delayMs, normalize, isValid } = options;
  const normalizeRef = useRef(normalize);
  normalizeRef.current = normalize;
  const validRef = useRef(isValid);
  validRef.current = isValid;
  // Commits made from this box whose echo has not come back from the URL yet, oldest first.
  const inFlight = useRef<(string | null)[]>([]);

  useEffect(() => {
    const at = inFlight.current.indexOf(value);
    if (at >= 0) {
      inFlight.current = inFlight.current.slice(at + 1);
      return;
    }
    inFlight.current = [];
    setText(value ?? "");
  }, [value]);

  useEffect(() => {
    if (validRef.current && !validRef.current(text)) return;
    const next = normalizeRef.current(text);
    const latest = inFlight.current.length ? inFlight.current[inFlight.current.length - 1] : value;
    if (next === latest) return;
    const timer = setTimeout(() => {
      inFlight.current.push(next);
      commit.current(next);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);

  return [text, setText] as const;
}
