"use client";

import { useEffect } from "react";

/**
 * Marks the document once React owns it (`<html data-hydrated>`). Before that a page is the server's HTML: a choice
 * made in a form can be undone by hydration. The e2e suite waits for the mark after every page load, as a person
 * waits for a page to respond before using it.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
