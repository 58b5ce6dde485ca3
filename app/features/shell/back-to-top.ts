/** Spec 001 §2.2, §9: the back-to-top button appears after 80 px of scrolling. */
export const BACK_TO_TOP_AFTER_PX = 80;

export function backToTopVisible(scrollY: number): boolean {
  return scrollY > BACK_TO_TOP_AFTER_PX;
}
