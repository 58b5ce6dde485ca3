import { randomBytes } from "node:crypto";
import { tokyoDateTimeInput } from "../../contract/tokyo-time";
import { DEMO_SUPPORT, expect, screenshot, test, visit } from "./fixtures";
import { signInToOps } from "./ops-fixtures";

/**
 * Issue 23's catalog editor: the seeded editor signs in with the second factor, creates a
 * series and a volume with a price and a 5-page trial, previews both as a visitor and as a
 * member, publishes; a visitor in another browser then finds the series in search and sees the
 * price on its page. A drama-CD track is withdrawn on its own and restored, and the support
 * role reads the editor's forms locked. At 1280 and 375 px.
 */
const EDITOR = { email: "editor@komaya.example", password: "komaya-editor-2026" };
const ADMIN = { email: "staff@komaya.example", password: "komaya-staff-2026" };

test("an editor creates, previews and publishes a series a visitor then finds", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const width = page.viewportSize()?.width ?? 0;
  const name = `月影の図書館${randomBytes(3).toString("hex").toUpperCase()}`;
  await signInToOps(page, EDITOR);

  await page
    .getByRole("navigation", { name: "運営メニュー" })
    .getByRole("link", { name: "作品管理" })
    .click();
  await expect(page.getByRole("heading", { name: "作品管理", level: 1 })).toBeVisible();
  await screenshot(page, "ops-catalog-list");
  await page.getByRole("link", { name: "作品を追加する" }).click();

  // The series: a draft until published.
  await page.getByLabel("作品名", { exact: true }).fill(name);
  await page.getByLabel("作品名の読み（カタカナ）").fill("ツキカゲノトショカン");
  await page.getByLabel("紹介文").fill("夜にだけ開く図書館で、司書見習いが本の声を聞く。");
  await page.getByLabel("出版社").selectOption({ index: 1 });
  await page.getByRole("searchbox", { name: "著者を名前で探す" }).fill("");
  await page.getByRole("button", { name: "著者を探す" }).click();
  await page.locator(".catalog-picker__found button").first().click();
  await page.getByRole("group", { name: "ジャンル" }).getByLabel("少女・女性").check();
  await page.getByLabel("新作（新）").check();
  // A rule the form checks before the server does: no series without an author is sent.
  await page.getByRole("button", { name: "下書きとして作成する" }).click();
  await expect(page).toHaveURL(/\/ops\/catalog\/series\/\d+$/);
  const seriesId = Number(page.url().split("/").pop());
  await expect(page.getByText("下書き").first()).toBeVisible();

  // The volume: price, a 5-page trial; the form refuses a sale price above the list price.
  await page.getByRole("link", { name: "巻を追加する" }).click();
  await expect(page.getByRole("heading", { name: "巻を追加" })).toBeVisible();
  await page.getByLabel("ページ数", { exact: true }).fill("40");
  await page.getByLabel("試し読みページ数").fill("5");
  await page.getByLabel("定価（円）").fill("550");
  await page.getByLabel("セール価格（円）").fill("600");
  await page
    .getByLabel("配信日（カードに出る日付）")
    .fill(tokyoDateTimeInput(Date.now() - 86_400_000));
  await page.getByRole("button", { name: "下書きとして作成する" }).click();
  await expect(page.getByText("セール価格は定価（550円）より安くしてください")).toBeVisible();
  await screenshot(page, "ops-catalog-volume-rule");
  await page.getByLabel("セール価格（円）").fill("");
  await page.getByRole("button", { name: "下書きとして作成する" }).click();
  await expect(page).toHaveURL(/\/ops\/catalog\/volumes\/\d+$/);
  const volumeId = Number(page.url().split("/").pop());
  await expect(page.getByRole("link", { name: "ページ・表紙をアップロード" })).toHaveAttribute(
    "href",
    `/ops/volumes/${volumeId}/content`,
  );
  await screenshot(page, "ops-catalog-volume");

  // Not in the store yet.
  const visitor = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const guest = await visitor.newPage();
  expect((await guest.goto(`/series/${seriesId}`))?.status()).toBe(404);

  // The preview: the store's own page and cards, as a visitor and as a member.
  await page.getByRole("link", { name: "プレビュー（ゲスト・会員）" }).click();
  await expect(page.getByRole("heading", { name: `プレビュー：${name}` })).toBeVisible();
  for (const viewer of ["ゲスト（未ログイン）の表示", "会員の表示"]) {
    const view = page.getByRole("region", { name: viewer });
    await expect(view.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(view.locator(".volume-list")).toContainText("550");
    await expect(view.locator(".book-card").first()).toBeVisible();
  }
  await screenshot(page, "ops-catalog-preview");

  // Publish the volume, then the series.
  await page.locator(".catalog-drafts").getByRole("button", { name: "公開する" }).click();
  await expect(page.locator(".catalog-drafts")).toHaveCount(0);
  await page.getByRole("button", { name: "公開する" }).click();
  await expect(page.getByRole("status")).toContainText("作品を公開しました");
  await expect(page.locator(".catalog-publication .catalog-state")).toHaveText("公開中");

  // A visitor in another browser finds it in search and sees the price on its page.
  await expect
    .poll(
      async () => {
        await visit(guest, `/search?wd=${encodeURIComponent(name)}`);
        return guest.locator(".result-grid article").count();
      },
      { timeout: 30_000, intervals: [1000, 2000, 3000] },
    )
    .toBeGreaterThan(0);
  await expect(guest.locator(".result-grid article").first()).toContainText(name);
  await screenshot(guest, "ops-catalog-visitor-search");
  await guest.locator(".result-grid article a").first().click();
  await expect(guest).toHaveURL(new RegExp(`/series/${seriesId}`));
  await expect(guest.locator(".volume-list")).toContainText("550");
  await screenshot(guest, "ops-catalog-visitor-series");
  await visitor.close();

  // Each step is in the audit log.
  await visit(page, "/ops/audit?entity=volume");
  await expect(page.locator("tbody tr").first()).toContainText("公開");
  await expect(page.locator("tbody tr").first()).toContainText(`巻 #${volumeId}`);
  expect(width).toBeGreaterThan(0);
});

test("an editor adds a drama CD with tracks, withdraws one and restores it, and keeps a reference list", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const mark = randomBytes(2).toString("hex").toUpperCase();
  await signInToOps(page, EDITOR);
  await visit(page, "/ops/catalog/drama-cds");
  await page.getByRole("link", { name: "ドラマCDを追加する" }).click();
  await page.getByLabel("タイトル", { exact: true }).fill(`月影の図書館 ドラマCD ${mark}`);
  await page.getByLabel("タイトルの読み").fill("ツキカゲノトショカン ドラマシーディー");
  await page.getByLabel("メーカー").selectOption({ index: 1 });
  await page.getByLabel("レーベル").selectOption({ index: 1 });
  await page.getByLabel("販売価格（税込・円）").fill("1650");
  await page.getByLabel("販売開始（東京）").fill(tokyoDateTimeInput(Date.now()));
  await page.getByRole("button", { name: "下書きとして作成する" }).click();
  await expect(page).toHaveURL(/\/ops\/catalog\/drama-cds\/\d+$/);
  const cdId = Number(page.url().split("/").pop());
  await page.getByLabel("新しいトラックの名前").fill("プロローグ");
  await page.getByRole("button", { name: "トラックを追加" }).click();
  const track = page.locator(".catalog-track").first();
  await expect(track.getByRole("textbox", { name: "トラック名" })).toHaveValue("プロローグ");
  await expect(track.getByRole("link", { name: "音声をアップロード" })).toHaveAttribute(
    "href",
    /^\/ops\/tracks\/\d+\/audio$/,
  );
  await screenshot(page, "ops-catalog-drama-cd");

  // A second track, the CD published: a visitor sees both; the second withdrawn on its own
  // leaves the public page (decision 0094), and restored it is back.
  await page.getByLabel("新しいトラックの名前").fill("エピローグ");
  await page.getByRole("button", { name: "トラックを追加" }).click();
  const second = page.locator(".catalog-track").nth(1);
  await expect(second.getByRole("textbox", { name: "トラック名" })).toHaveValue("エピローグ");
  await page.locator(".catalog-publication").getByRole("button", { name: "公開する" }).click();
  await expect(page.locator(".catalog-publication .catalog-state")).toHaveText("公開中");
  const visitor = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const guest = await visitor.newPage();
  const publicTracks = async () => {
    await visit(guest, `/doramacd/${cdId}`);
    return guest.locator(".dramacd-track__name").allTextContents();
  };
  await expect.poll(publicTracks).toEqual(["プロローグ", "エピローグ"]);
  page.once("dialog", (dialog) => void dialog.accept());
  await second.getByRole("button", { name: "取り下げる" }).click();
  await expect(second.getByText("取り下げ中")).toBeVisible();
  await screenshot(page, "ops-catalog-track-withdrawn");
  await expect.poll(publicTracks, { timeout: 10_000 }).toEqual(["プロローグ"]);
  await screenshot(guest, "ops-catalog-track-withdrawn-public");
  await second.getByRole("button", { name: "取り下げを取り消す" }).click();
  await expect(second.getByText("取り下げ中")).toHaveCount(0);
  await expect.poll(publicTracks, { timeout: 10_000 }).toEqual(["プロローグ", "エピローグ"]);
  await visitor.close();

  await page
    .getByRole("navigation", { name: "作品管理メニュー" })
    .getByRole("link", { name: "タグ" })
    .click();
  await expect(page.getByRole("heading", { name: "タグ管理" })).toBeVisible();
  const added = page.getByRole("region", { name: "タグを追加" });
  await added.getByRole("textbox", { name: "タグ名" }).fill(`夜の図書館${mark}`);
  await added.getByRole("button", { name: "追加する" }).click();
  await expect(page.getByRole("status")).toContainText("タグを追加しました");
  await visit(page, `/ops/catalog/tags?q=${encodeURIComponent(`夜の図書館${mark}`)}`);
  const row = page.locator(".catalog-ref").first();
  await expect(row.getByRole("textbox", { name: "タグ名" })).toHaveValue(`夜の図書館${mark}`);
  await row.getByRole("button", { name: "取り下げる" }).click();
  await expect(row).toHaveClass(/is-withdrawn/);
  await screenshot(page, "ops-catalog-tags");
});

test("support reads the editor's forms locked, with a notice, and gets no write button", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInToOps(page, DEMO_SUPPORT);
  // ops.spec.ts turns this account into an editor in one project and back in the other: it is
  // made support again first when that ran before.
  const role = page.getByRole("heading", { name: /^あなたの権限：/ });
  if ((await role.textContent())?.includes("サポート担当") !== true) {
    const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const admin = await adminContext.newPage();
    await signInToOps(admin, ADMIN);
    await visit(admin, "/ops/staff");
    const row = admin.locator(`li[data-email="${DEMO_SUPPORT.email}"]`);
    await row.getByRole("combobox").selectOption("support");
    await row.getByRole("button", { name: "権限を変更" }).click();
    await expect(admin.getByRole("status")).toContainText("権限をサポート担当に変更しました");
    await adminContext.close();
  }

  await visit(page, "/ops/catalog");
  await expect(page.getByRole("note")).toHaveText(
    "閲覧のみの権限です。編集は編集担当・管理者が行えます。",
  );
  await expect(page.getByRole("link", { name: "作品を追加する" })).toHaveCount(0);
  await page.locator("table a[href^='/ops/catalog/series/']").first().click();
  await expect(page).toHaveURL(/\/ops\/catalog\/series\/\d+$/);
  await expect(page.getByLabel("作品名", { exact: true })).toBeDisabled();
  await expect(page.getByRole("link", { name: "巻を追加する" })).toHaveCount(0);
  await page.locator("table a[href^='/ops/catalog/volumes/']").first().click();
  await expect(page).toHaveURL(/\/ops\/catalog\/volumes\/\d+$/);

  // The volume's form: every field locked, no save, no publication button, the notice.
  await expect(page.getByRole("note")).toContainText("閲覧のみの権限です");
  for (const label of [
    "タイトル",
    "紹介文",
    "ページ数",
    "定価（円）",
    "配信日（カードに出る日付）",
  ]) {
    await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
  }
  await expect(page.getByLabel("販売する")).toBeDisabled();
  await expect(page.getByRole("button", { name: "保存する" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /取り下げ|公開する/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "ページ・表紙を見る" })).toBeVisible();
  await screenshot(page, "ops-catalog-support-volume");
  await page.getByRole("link", { name: "ページ・表紙を見る" }).click();
  await expect(page.getByRole("heading", { name: "公開中の内容" })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("閲覧のみの権限です");
  await expect(page.getByRole("button", { name: "アップロードして公開" })).toHaveCount(0);
  await screenshot(page, "ops-catalog-support-content");

  // A drama CD: its fields and tracks locked, no track added, withdrawn or saved.
  await visit(page, "/ops/catalog/drama-cds");
  await page.locator("table a[href^='/ops/catalog/drama-cds/']").first().click();
  await expect(page.getByLabel("タイトル", { exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: /保存|取り下げ|トラックを追加/ })).toHaveCount(0);
  await screenshot(page, "ops-catalog-support-drama-cd");

  // A reference list: no row to add, no save or withdraw button.
  await visit(page, "/ops/catalog/tags");
  await expect(page.getByRole("region", { name: "タグを追加" })).toHaveCount(0);
  await expect(page.locator(".catalog-ref input").first()).toBeDisabled();
  await expect(page.getByRole("button", { name: /保存|取り下げ/ })).toHaveCount(0);
  await screenshot(page, "ops-catalog-support-tags");

  // The bulk import: its header documented, no file to send.
  await visit(page, "/ops/catalog/import");
  await expect(page.getByRole("button", { name: "確認（ドライラン）" })).toHaveCount(0);
  await screenshot(page, "ops-catalog-support-import");
});
