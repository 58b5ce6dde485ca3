import { describe, expect, it } from "vitest";
import { badgeText, headerIcons } from "./header-icons";

describe("header icons by date", () => {
  it("uses the seasonal logo from 2023-12-01 to 2023-12-25 inclusive, and not around it", () => {
    expect(headerIcons("20231130", null).logo).toBe("regular");
    expect(headerIcons("20231201", null).logo).toBe("seasonal");
    expect(headerIcons("20231225", null).logo).toBe("seasonal");
    expect(headerIcons("20231226", null).logo).toBe("regular");
    expect(headerIcons("20261210", null).logo).toBe("regular");
  });

  it("animates the sign-up icon from 2021-06-01", () => {
    expect(headerIcons("20210531", null).signup).toBe("static");
    expect(headerIcons("20210601", null).signup).toBe("animated");
    expect(headerIcons("20261121", null).signup).toBe("animated");
  });

  it("shows the preview animation for _mode=preview only", () => {
    expect(headerIcons("20261121", "preview").signup).toBe("preview");
    expect(headerIcons("20200101", "preview").signup).toBe("preview");
    expect(headerIcons("20261121", "edit").signup).toBe("animated");
  });
});

describe("badge text", () => {
  it("hides at 0, counts up to 99, then shows 99+", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe("1");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
    expect(badgeText(2500)).toBe("99+");
  });
});
