// The one formatter for money the agents spent. Run costs are often fractions of a cent: below a dollar they keep
// up to four decimals so a cheap run never reads as free; a dollar and above gets the usual two. Null is "—": the
// backend or model has no price table (SPEC 2 "Cost"), which is not zero.
const usdSmall = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatCost(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  if (value !== 0 && Math.abs(value) < 1) return usdSmall.format(value);
  return usd.format(value);
}
