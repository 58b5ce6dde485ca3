/** Mobile means Android or iOS (spec 001 §1); everything else is treated as PC. */
export function detectDevice(userAgent: string | undefined): {
  os: "android" | "ios" | "other";
  device: "sp" | "pc";
} {
  const ua = userAgent ?? "";
  if (/Android/i.test(ua)) return { os: "android", device: "sp" };
  // iPadOS reports itself as a Mac; "Mobile" in a Mac UA marks the iPad.
  if (/iPhone|iPad|iPod/i.test(ua) || (/Macintosh/.test(ua) && /Mobile\//.test(ua))) {
    return { os: "ios", device: "sp" };
  }
  return { os: "other", device: "pc" };
}
