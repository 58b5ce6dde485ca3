import {
  type CSSProperties,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import { volumeName } from "../../../contract/episodes";
import {
  coverThumbUrl,
  type ReaderBook,
  type ReaderBookmark,
  thumbUrl,
} from "../../../contract/reader";
import { post } from "../../lib/request";
import { useDownloadRightCheck } from "../offline/download-checks";
import {
  ReaderDownloadButton,
  type ReaderDownloadState,
  ReaderDownloadStatus,
  useReaderDownload,
} from "../offline/ReaderDownload";
import { ReaderEnd } from "./ReaderEnd";
import { BookmarkPanel, PageGrid, type ReaderPanel } from "./ReaderTools";
import {
  COVER_PAGE,
  type Direction,
  endKind,
  keyTurn,
  onScreenOrder,
  otherDirection,
  pageAtScroll,
  pagedWindow,
  pageSizes,
  pageSrcSet,
  progressAt,
  type ReaderLayout,
  readerLayout,
  readerViews,
  resumePage,
  scrollWindow,
  spreadFits,
  swipeTurn,
  type Turn,
  turnTo,
  viewIndexOf,
  viewLabel,
  type Zone,
  zoneAt,
  zoneTurn,
} from "./reader-rules";
import {
  PositionSaver,
  storeDirection,
  storedDirection,
  storedSpreadWanted,
  storeSpreadWanted,
} from "./reader-store";
import {
  DOUBLE_TAP_MS,
  DOUBLE_TAP_PX,
  doubleTapZoom,
  isZoomed,
  KEY_PAN_SHARE,
  keyPan,
  keyZoom,
  NO_ZOOM,
  panBy,
  ZOOM_STEP,
  type Zoom,
  zoomAt,
  zoomLabel,
  zoomTransform,
} from "./reader-zoom";
import "./reader.css";

/** A member's position is saved this long after the last turn, and at once on leaving. */
const SAVE_DELAY_MS = 1500;
/** The toolbar shown on opening hides itself after this long unless the reader used it. */
const TOOLBAR_HIDE_MS = 3000;
/** A タテヨミ column scrolled this far hides the toolbar. */
const TOOLBAR_SCROLL_PX = 48;
/** Preloading starts when the first page has loaded, or after this long whatever happened. */
const WARM_FALLBACK_MS = 2500;
/**
 * An end panel turned to ignores taps this long: a quick second tap meant as one more turn
 * lands where its buttons now are, and must not buy or rate.
 */
const END_SETTLE_MS = 500;
/** A tap is a press that moved less than this; more is a swipe or a drag. */
const TAP_SLOP_PX = 10;

type Viewport = { width: number; height: number };

/**
 * The web reader (issue 9, decision 0020): full screen, pages turned right to left by default
 * (or scrolled for タテヨミ), a toolbar on a centre tap, and the offer or the next volume after
 * the last readable page.
 */
export function ReaderScreen({ reader }: { reader: ReaderBook }) {
  const { book } = reader;
  const readable = Math.min(reader.readable_pages, reader.pages.length);
  const end = endKind(readable, book.page_count);
  const aspect = book.width > 0 && book.height > 0 ? book.width / book.height : 0.7;
  // The paged layouts open on the volume's cover, as the store shows it (decision 0118); a
  // タテヨミ strip starts with its first panel, as episode readers do.
  const cover = !book.vertical && book.cover_url !== "" ? book.cover_url : null;
  const start = cover ? COVER_PAGE : 1;
  const urls = useMemo(
    () =>
      new Map<number, string>([
        ...(cover ? [[COVER_PAGE, cover] as const] : []),
        ...reader.pages.map((p) => [p.page, p.url] as const),
      ]),
    [reader.pages, cover],
  );

  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [direction, setDirection] = useState<Direction>(reader.direction);
  const [spreadWanted, setSpreadWanted] = useState(true);
  // Shown on opening so the reader sees where the controls are, then out of the way.
  const [toolbar, setToolbar] = useState(true);
  const touched = useRef(false);
  // The anchor is a page, not a view index, so the position survives a change of layout.
  const [page, setPage] = useState(() => resumePage(reader.position, readable, start));
  const [atEnd, setAtEnd] = useState(readable === 0);
  // Until the first page is on screen nothing else is fetched: page images are drawn by the same
  // server, and a burst of preloads would slow the one page the reader is waiting for.
  const [warm, setWarm] = useState(false);
  const onShown = useCallback(() => setWarm(true), []);
  const hideToolbar = useCallback(() => setToolbar(false), []);

  const [panel, setPanel] = useState<ReaderPanel | null>(null);
  const [bookmarks, setBookmarks] = useState<ReaderBookmark[]>(reader.bookmarks ?? []);
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  // The pages' unscaled size, measured by the stage: the zoom keeps them covering the view.
  const pageBox = useRef({ width: 1, height: 1 });

  const layout = readerLayout({ vertical: book.vertical, spreadWanted, viewport });
  const views = useMemo(
    () => readerViews(readable, layout, cover !== null && layout !== "scroll"),
    [readable, layout, cover],
  );
  const index = atEnd ? views.length : viewIndexOf(views, page);

  useEffect(() => {
    const measure = () => setViewport({ width: window.innerWidth, height: window.innerHeight });
    measure();
    setSpreadWanted(storedSpreadWanted());
    if (!reader.is_login) {
      const stored = storedDirection();
      if (stored) setDirection(stored);
    }
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [reader.is_login]);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!touched.current) setToolbar(false);
    }, TOOLBAR_HIDE_MS);
    // The server-rendered first page may have loaded before hydration, with no load event left
    // to hear; and a first page that never loads must not hold the others back for long.
    const first = document.querySelector<HTMLImageElement>(".reader img[data-first]");
    if (!first || (first.complete && first.naturalWidth > 0)) setWarm(true);
    const fallback = window.setTimeout(() => setWarm(true), WARM_FALLBACK_MS);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(fallback);
    };
  }, []);

  // A turn reaches the first page of the view it lands on.
  const goTo = useCallback(
    (next: number) => {
      if (next >= views.length) {
        setAtEnd(true);
        return;
      }
      setAtEnd(false);
      setPage(views[next]?.[0] ?? start);
    },
    [views, start],
  );
  // A jump reaches the page chosen, even where a spread shows it with the page before.
  const seek = useCallback(
    (to: number) => {
      setAtEnd(false);
      setPage(Math.min(Math.max(start, to), Math.max(1, readable)));
    },
    [readable, start],
  );

  const turn = useCallback(
    (t: Turn) => {
      touched.current = true;
      if (t === "toolbar") {
        setToolbar((shown) => !shown);
        return;
      }
      setToolbar(false);
      goTo(turnTo(index, t, views.length));
    },
    [goTo, index, views.length],
  );

  useProgress(reader, page, atEnd);
  // Offline reading (decision 0117): only an owned volume may be downloaded.
  const downloadable = reader.is_login && reader.entitlement === "owned";
  const download = useReaderDownload(book.book_id, downloadable);
  useDownloadRightCheck(reader);

  // A turn, a jump or a new layout shows the whole page again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index and layout say when the view changed
  useEffect(() => setZoom(NO_ZOOM), [index, layout]);
  const zoomBy = (factor: number) =>
    setZoom((z) => zoomAt(z, z.scale * factor, { x: z.x, y: z.y }, pageBox.current));
  const jump = (to: number) => {
    seek(to);
    setPanel(null);
  };

  const changeDirection = () => {
    const next = otherDirection(direction);
    setDirection(next);
    if (reader.is_login) void post("/api/reader/settings", { direction: next });
    else storeDirection(next);
  };
  const toggleSpread = () => {
    storeSpreadWanted(!spreadWanted);
    setSpreadWanted(!spreadWanted);
  };

  const style = { "--page-aspect": String(aspect) } as CSSProperties;
  const seriesUrl = `/series/${book.series_id}`;
  const endPanel = (
    <ReaderEnd
      reader={reader}
      kind={end}
      seriesUrl={seriesUrl}
      onRestart={() => (layout === "scroll" ? window.scrollTo({ top: 0 }) : goTo(0))}
      canRestart={readable > 0}
    />
  );

  return (
    <div
      className={`reader reader--${layout} reader--${direction}`}
      style={style}
      data-layout={layout}
      data-direction={direction}
      data-page={layout === "scroll" ? page : (views[index]?.[0] ?? "")}
      data-end={atEnd ? end : undefined}
      data-zoomed={isZoomed(zoom) || undefined}
      // Any use of the reader keeps the toolbar as the reader left it.
      onPointerDownCapture={() => {
        touched.current = true;
      }}
    >
      {layout === "scroll" ? (
        <ScrollStage
          reader={reader}
          readable={readable}
          aspect={aspect}
          page={page}
          onPage={setPage}
          onEnd={setAtEnd}
          onToggleToolbar={() => turn("toolbar")}
          toolbarShown={toolbar}
          onHideToolbar={hideToolbar}
          warm={warm}
          onShown={onShown}
          endPanel={endPanel}
        />
      ) : (
        <PagedStage
          book={book}
          urls={urls}
          views={views}
          index={index}
          layout={layout}
          aspect={aspect}
          direction={direction}
          onTurn={turn}
          toolbar={toolbar}
          zoom={zoom}
          onZoom={setZoom}
          pageBox={pageBox}
          warm={warm}
          onShown={onShown}
          endPanel={endPanel}
        />
      )}
      {panel === "grid" ? (
        <PageGrid
          reader={reader}
          cover={cover}
          current={atEnd ? -1 : page}
          onJump={jump}
          onClose={() => setPanel(null)}
        />
      ) : panel === "bookmarks" ? (
        <BookmarkPanel
          reader={reader}
          page={atEnd || readable === 0 || page === COVER_PAGE ? null : page}
          onCover={!atEnd && page === COVER_PAGE}
          bookmarks={bookmarks}
          onChange={setBookmarks}
          onJump={jump}
          onClose={() => setPanel(null)}
        />
      ) : null}
      <ReaderToolbar
        shown={toolbar || panel !== null}
        panel={panel}
        onPanel={(next) => {
          touched.current = true;
          setPanel((open) => (open === next ? null : next));
        }}
        marked={!atEnd && bookmarks.some((b) => b.page === page)}
        zoom={
          layout === "scroll"
            ? null
            : {
                label: zoomLabel(zoom),
                zoomed: isZoomed(zoom),
                onIn: () => zoomBy(ZOOM_STEP),
                onOut: () => zoomBy(1 / ZOOM_STEP),
                onReset: () => setZoom(NO_ZOOM),
              }
        }
        reader={reader}
        download={downloadable ? download : null}
        seriesUrl={seriesUrl}
        direction={direction}
        onDirection={changeDirection}
        spread={layout === "spread"}
        spreadAvailable={layout !== "scroll" && spreadFits(viewport)}
        onSpread={toggleSpread}
        slider={
          readable > 0 && layout !== "scroll"
            ? {
                page: atEnd ? readable : page,
                label: atEnd ? String(readable) : viewLabel(views[index] ?? [page]),
                start,
                readable,
                onSeek: seek,
              }
            : null
        }
      />
      {downloadable ? <ReaderDownloadStatus dl={download} /> : null}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------

function PagedStage({
  book,
  urls,
  views,
  index,
  layout,
  aspect,
  direction,
  onTurn,
  toolbar,
  zoom,
  onZoom,
  pageBox,
  warm,
  onShown,
  endPanel,
}: {
  book: ReaderBook["book"];
  urls: ReadonlyMap<number, string>;
  views: readonly (readonly number[])[];
  index: number;
  layout: ReaderLayout;
  aspect: number;
  direction: Direction;
  onTurn: (t: Turn) => void;
  toolbar: boolean;
  zoom: Zoom;
  onZoom: (zoom: Zoom | ((z: Zoom) => Zoom)) => void;
  pageBox: React.MutableRefObject<{ width: number; height: number }>;
  warm: boolean;
  onShown: () => void;
  endPanel: React.ReactNode;
}) {
  const press = useRef<Press | null>(null);
  const zoomed = isZoomed(zoom);
  // Fingers on the page (for a pinch), the pinch under way, the last tap (for a double tap) and
  // the centre tap's toolbar toggle waiting to learn whether a second tap follows.
  const fingers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: Zoom; mid: { x: number; y: number } } | null>(
    null,
  );
  const lastTap = useRef<{ x: number; y: number; at: number } | null>(null);
  // What pressed last: a finger's taps are answered on their lift, and the click and dblclick
  // the browser makes of them afterwards must not answer again.
  const lastPointer = useRef<string>("mouse");
  const pendingToolbar = useRef<number | null>(null);
  const [gesture, setGesture] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const viewBox = useRef<HTMLDivElement>(null);
  // With a mouse, the side a click would turn to shows an arrow.
  const [hover, setHover] = useState<Zone | null>(null);
  const view = views[index];
  const sizes = pageSizes(layout, aspect);
  const shown = new Set(view ?? []);
  const preload = warm ? pagedWindow(index, views).filter((p) => !shown.has(p)) : [];
  const settling = useSettling(view === undefined);
  const fit = useFitBetweenBars(viewBox, toolbar, `${layout}:${view?.join("-")}`);

  /** A point on screen as the zoom reads it: from the middle of the pages. */
  const fromCentre = useCallback((x: number, y: number) => {
    const box = viewBox.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    return { x: x - (box.left + box.width / 2), y: y - (box.top + box.height / 2) };
  }, []);
  // The pages' own size (unscaled) bounds the pan.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the view changes
  useLayoutEffect(() => {
    const pages = [...(viewBox.current?.querySelectorAll<HTMLElement>(".reader__page") ?? [])];
    if (pages.length === 0) return;
    pageBox.current = {
      width: pages.reduce((sum, p) => sum + p.offsetWidth, 0),
      height: Math.max(...pages.map((p) => p.offsetHeight)),
    };
  }, [view?.join("-"), layout, pageBox]);

  // ctrl+wheel (and a trackpad's pinch, which the browser sends as one) zooms about the pointer.
  useEffect(() => {
    const node = stage.current;
    if (!node) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey || !viewBox.current) return;
      event.preventDefault();
      const factor = event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
      const at = fromCentre(event.clientX, event.clientY);
      onZoom((z) => zoomAt(z, z.scale * factor, at, pageBox.current));
    };
    node.addEventListener("wheel", onWheel, { passive: false });
    return () => node.removeEventListener("wheel", onWheel);
  }, [fromCentre, onZoom, pageBox]);

  useEffect(
    () => () => {
      if (pendingToolbar.current !== null) window.clearTimeout(pendingToolbar.current);
    },
    [],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select")) return;
      // Space on a focused button presses it; only the page itself turns on Space.
      if (event.key === " " && target?.closest("button, a")) return;
      const zoomKey = view ? keyZoom(event.key) : null;
      if (zoomKey) {
        event.preventDefault();
        if (zoomKey === "reset") onZoom(NO_ZOOM);
        else {
          const factor = zoomKey === "in" ? ZOOM_STEP : 1 / ZOOM_STEP;
          onZoom((z) => zoomAt(z, z.scale * factor, { x: z.x, y: z.y }, pageBox.current));
        }
        return;
      }
      // While zoomed the arrows move about the page; Space and PageDown still turn.
      const pan = zoomed ? keyPan(event.key) : null;
      if (pan) {
        event.preventDefault();
        const { width, height } = pageBox.current;
        onZoom((z) =>
          panBy(
            z,
            pan.dx * width * KEY_PAN_SHARE,
            pan.dy * height * KEY_PAN_SHARE,
            pageBox.current,
          ),
        );
        return;
      }
      const t = keyTurn(event.key, direction, event.shiftKey);
      if (!t) return;
      event.preventDefault();
      onTurn(t);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [direction, onTurn, onZoom, pageBox, view, zoomed]);

  const onPointerDown = (event: PointerEvent) => {
    lastPointer.current = event.pointerType;
    if (event.pointerType === "mouse") fingers.current.clear();
    fingers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (fingers.current.size === 2 && view) {
      const [a, b] = [...fingers.current.values()] as [Point, Point];
      const mid = fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2);
      pinch.current = { distance: Math.max(1, distance(a, b)), zoom, mid };
      setGesture(true);
      if (press.current) press.current.turned = true;
      return;
    }
    press.current = { x: event.clientX, y: event.clientY, turned: false };
    if (zoomed) {
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setGesture(true);
    }
  };
  const onPointerMove = (event: PointerEvent) => {
    const before = fingers.current.get(event.pointerId);
    if (!before) return;
    fingers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const pinching = pinch.current;
    if (pinching && fingers.current.size >= 2) {
      const [a, b] = [...fingers.current.values()] as [Point, Point];
      const scale = (pinching.zoom.scale * distance(a, b)) / pinching.distance;
      const mid = fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2);
      const scaled = zoomAt(pinching.zoom, scale, pinching.mid, pageBox.current);
      onZoom(panBy(scaled, mid.x - pinching.mid.x, mid.y - pinching.mid.y, pageBox.current));
      return;
    }
    // One finger (or the mouse, pressed) drags a zoomed page about.
    if (zoomed && press.current) {
      onZoom((z) => panBy(z, event.clientX - before.x, event.clientY - before.y, pageBox.current));
    }
  };
  const endFinger = (event: PointerEvent) => {
    fingers.current.delete(event.pointerId);
    if (fingers.current.size < 2) pinch.current = null;
    if (fingers.current.size === 0) setGesture(false);
  };
  /** A second tap near the first, soon after it: true when it zoomed (in, or back out). */
  const doubleTapped = (event: PointerEvent | MouseEvent): boolean => {
    const now = event.timeStamp;
    const last = lastTap.current;
    const point = { x: event.clientX, y: event.clientY, at: now };
    if (
      last &&
      now - last.at <= DOUBLE_TAP_MS &&
      Math.abs(point.x - last.x) <= DOUBLE_TAP_PX &&
      Math.abs(point.y - last.y) <= DOUBLE_TAP_PX &&
      view
    ) {
      lastTap.current = null;
      if (pendingToolbar.current !== null) window.clearTimeout(pendingToolbar.current);
      pendingToolbar.current = null;
      const at = fromCentre(event.clientX, event.clientY);
      onZoom((z) => doubleTapZoom(z, at, pageBox.current));
      return true;
    }
    lastTap.current = point;
    return false;
  };
  // A swipe turns when the finger lifts: no click follows a touch that moved, and a mouse's
  // click after a drag goes to where the drag began, never to what the turn brought.
  // A finger's tap turns on its lift too: Chromium sends no click for a tap that follows a swipe
  // whose page the turn replaced, and a phone reader's taps must never go unanswered. The
  // click that may still come is then ignored, and a just-shown end panel ignores it too
  // (END_SETTLE_MS), so the tap never presses 購入する or a star.
  const onPointerUp = (event: PointerEvent) => {
    const wasPinch = pinch.current !== null || fingers.current.size > 1;
    endFinger(event);
    const from = press.current;
    if (!from || onControl(event.target)) return;
    if (wasPinch || from.turned) {
      from.turned = true;
      return;
    }
    // Zoomed, a drag pans and turns nothing; a finger's double tap goes back to the whole page,
    // its single tap in the centre shows the bars (the mouse's click does, in onClick).
    if (zoomed) {
      if (event.pointerType === "mouse") return;
      from.turned = true;
      if (!isTap(from, event) || doubleTapped(event)) return;
      const box = stage.current?.getBoundingClientRect();
      if (box && zoneAt(event.clientX - box.left, box.width) === "centre") toolbarSoon();
      return;
    }
    const swiped = swipeTurn(event.clientX - from.x, event.clientY - from.y, direction);
    if (swiped) {
      from.turned = true;
      onTurn(swiped);
      return;
    }
    if (event.pointerType === "mouse" || !isTap(from, event)) return;
    const box = stage.current?.getBoundingClientRect();
    if (!box) return;
    from.turned = true;
    const t = zoneTurn(zoneAt(event.clientX - box.left, box.width), direction);
    // A finger's centre tap waits a moment for a second tap, which zooms instead; taps on the
    // sides turn at once, so quick taps there still turn page after page.
    if (t === "toolbar") {
      if (!doubleTapped(event)) toolbarSoon();
      return;
    }
    lastTap.current = null;
    onTurn(t);
  };
  const toolbarSoon = () => {
    if (pendingToolbar.current !== null) window.clearTimeout(pendingToolbar.current);
    pendingToolbar.current = window.setTimeout(() => {
      pendingToolbar.current = null;
      onTurn("toolbar");
    }, DOUBLE_TAP_MS);
  };
  // A mouse's click turns on the click, its last event: a turn on the button's release would
  // put the next view (an end panel's 購入する, a star) under the click still to come.
  // A finger's tap was answered on its lift; its click (which may come after a second tap's lift,
  // with no press left to mark it) turns nothing and toggles no bar.
  const onClick = (event: MouseEvent) => {
    const from = press.current;
    press.current = null;
    if (onControl(event.target) || from?.turned || lastPointer.current !== "mouse") return;
    if (from && !isTap(from, event)) return;
    const box = stage.current?.getBoundingClientRect();
    if (!box) return;
    if (zoomed) {
      // A zoomed page turns on no click; the centre still shows or hides the bars.
      if (zoneAt(event.clientX - box.left, box.width) === "centre") onTurn("toolbar");
      return;
    }
    onTurn(zoneTurn(zoneAt(event.clientX - box.left, box.width), direction));
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys turn pages through the window's keydown listener
    // biome-ignore lint/a11y/useKeyWithClickEvents: the same listener; the stage itself takes no focus
    <div
      ref={stage}
      className="reader__stage"
      data-gesture={gesture || undefined}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onClick={onClick}
      // A mouse's double click zooms in at the pointer (the two clicks toggled the bars and back).
      // A finger's double tap zoomed on its second lift already: Chromium then sends a dblclick
      // too, which would zoom straight back out, so only a mouse's counts.
      onDoubleClick={(event) => {
        if (!view || onControl(event.target) || lastPointer.current !== "mouse") return;
        const box = stage.current?.getBoundingClientRect();
        if (!zoomed && box && zoneAt(event.clientX - box.left, box.width) !== "centre") return;
        const at = fromCentre(event.clientX, event.clientY);
        onZoom((z) => doubleTapZoom(z, at, pageBox.current));
      }}
      onPointerCancel={(event) => {
        endFinger(event);
        press.current = null;
      }}
      onPointerMove={(event) => {
        onPointerMove(event);
        if (event.pointerType !== "mouse") return;
        const box = stage.current?.getBoundingClientRect();
        const zone = box ? zoneAt(event.clientX - box.left, box.width) : null;
        const over = zoomed || (event.target as HTMLElement).closest(".reader-end") ? null : zone;
        if (over !== hover) setHover(over);
      }}
      onPointerLeave={() => setHover(null)}
    >
      <span
        className="reader__hint reader__hint--left"
        data-shown={view !== undefined && hover === "left"}
        aria-hidden="true"
      >
        ‹
      </span>
      <span
        className="reader__hint reader__hint--right"
        data-shown={view !== undefined && hover === "right"}
        aria-hidden="true"
      >
        ›
      </span>
      {view ? (
        <div
          ref={viewBox}
          className="reader__view"
          data-view={view.join("-")}
          data-zoom={zoomLabel(zoom)}
          style={zoomed ? { transform: zoomTransform(zoom) } : fit ? { transform: fit } : undefined}
        >
          {onScreenOrder(view, direction).map((p) => (
            <PageImage
              key={p}
              page={p}
              url={urls.get(p)}
              book={book}
              sizes={sizes}
              priority
              first={!warm}
              onShown={onShown}
              className={view.length === 2 ? `reader__page reader__page--pair` : "reader__page"}
            />
          ))}
        </div>
      ) : (
        <div className="reader__end-wrap" data-settling={settling || undefined}>
          {endPanel}
        </div>
      )}
      {/* Pages ahead (and just behind) load off screen with the same sizes, so the browser picks
          the same file and the next turn shows it from cache. */}
      <div className="reader__preload" aria-hidden="true">
        {preload.map((p) => (
          <PageImage key={p} page={p} url={urls.get(p)} book={book} sizes={sizes} />
        ))}
      </div>
    </div>
  );
}

function PageImage({
  page,
  url,
  book,
  sizes,
  priority = false,
  first = false,
  onShown,
  className,
}: {
  page: number;
  url: string | undefined;
  book: ReaderBook["book"];
  sizes: string;
  priority?: boolean;
  /** Marks the image the reader waits for before preloading the others. */
  first?: boolean;
  onShown?: () => void;
  className?: string;
}) {
  if (!url) return null;
  return (
    <img
      className={className}
      data-page={page}
      src={`${url}${url.includes("?") ? "&" : "?"}w=720`}
      srcSet={pageSrcSet(url)}
      sizes={sizes}
      width={book.width}
      height={book.height}
      alt={page === COVER_PAGE ? "表紙" : `${page}ページ`}
      decoding="async"
      fetchPriority={priority ? "high" : "low"}
      data-first={first ? "" : undefined}
      onLoad={(event) => {
        // The placeholder goes once the page is in (a transparent page never shows it).
        event.currentTarget.style.backgroundImage = "none";
        onShown?.();
      }}
      onError={onShown}
      draggable={false}
      // The page's small image, blurred by its scale, holds the place until the page arrives.
      // Set from the browser, not in the served HTML: its address would be an inline style.
      ref={(img) => {
        if (!img || img.complete) return;
        const small = page === COVER_PAGE ? coverThumbUrl(url) : thumbUrl(url);
        img.style.setProperty("--page-placeholder", `url("${small}")`);
      }}
    />
  );
}

// ---------------------------------------------------------------------------------------------

/**
 * タテヨミ: every readable page in one column the document scrolls through (so Space, PageDown
 * and the arrows scroll as on any page), images mounted only around the page in view.
 */
function ScrollStage({
  reader,
  readable,
  aspect,
  page,
  onPage,
  onEnd,
  onToggleToolbar,
  toolbarShown,
  onHideToolbar,
  warm,
  onShown,
  endPanel,
}: {
  reader: ReaderBook;
  readable: number;
  aspect: number;
  page: number;
  onPage: (page: number) => void;
  onEnd: (atEnd: boolean) => void;
  onToggleToolbar: () => void;
  toolbarShown: boolean;
  onHideToolbar: () => void;
  warm: boolean;
  onShown: () => void;
  endPanel: React.ReactNode;
}) {
  const column = useRef<HTMLDivElement>(null);
  const press = useRef<Press | null>(null);
  const opened = useRef(page);
  const sizes = pageSizes("scroll", aspect);
  // Before the first page is in, only what the first screen shows: that page and the top of the next.
  const mounted = new Set(warm ? scrollWindow(page, readable) : [page, page + 1]);

  useEffect(() => {
    const pageHeight = () => (column.current?.clientWidth ?? 0) / aspect;
    // Reopen at the saved page: the page boxes have their final height before any image loads.
    if (opened.current > 1) window.scrollTo({ top: (opened.current - 1) * pageHeight() });
    const onScroll = () => {
      const height = pageHeight();
      const top = window.scrollY - (column.current?.offsetTop ?? 0);
      onPage(pageAtScroll(top, window.innerHeight, height, readable));
      onEnd(top + window.innerHeight >= readable * height + window.innerHeight / 2);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [aspect, readable, onPage, onEnd]);

  // Scrolling on reads on: the toolbar gets out of the way once the column has moved a little.
  useEffect(() => {
    if (!toolbarShown) return;
    const from = window.scrollY;
    const onScroll = () => {
      if (Math.abs(window.scrollY - from) > TOOLBAR_SCROLL_PX) onHideToolbar();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [toolbarShown, onHideToolbar]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the column scrolls with the keys as any page does
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap only shows the toolbar, which keys reach by Tab
    <div
      ref={column}
      className="reader__column"
      onPointerDown={(event) => {
        press.current = { x: event.clientX, y: event.clientY, turned: false };
      }}
      // On the click, as in the paged stage: the toolbar it shows is not under a click to come.
      onClick={(event) => {
        const from = press.current;
        press.current = null;
        if (onControl(event.target) || (from && !isTap(from, event))) return;
        if (zoneAt(event.clientX, window.innerWidth) === "centre") onToggleToolbar();
      }}
      onPointerCancel={() => {
        press.current = null;
      }}
    >
      {reader.pages.slice(0, readable).map((p) => (
        <div key={p.page} className="reader__slot" data-slot={p.page}>
          {mounted.has(p.page) ? (
            <PageImage
              page={p.page}
              url={p.url}
              book={reader.book}
              sizes={sizes}
              priority={p.page === page}
              first={!warm && p.page === page}
              onShown={p.page === page ? onShown : undefined}
              className="reader__page"
            />
          ) : null}
        </div>
      ))}
      <div className="reader__end-wrap reader__end-wrap--scroll">{endPanel}</div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------

function ReaderToolbar({
  shown,
  panel,
  onPanel,
  marked,
  zoom,
  reader,
  download,
  seriesUrl,
  direction,
  onDirection,
  spread,
  spreadAvailable,
  onSpread,
  slider,
}: {
  shown: boolean;
  panel: ReaderPanel | null;
  onPanel: (panel: ReaderPanel) => void;
  /** The page in view carries a しおり. */
  marked: boolean;
  zoom: {
    label: string;
    zoomed: boolean;
    onIn: () => void;
    onOut: () => void;
    onReset: () => void;
  } | null;
  reader: ReaderBook;
  /** The owned volume's download (decision 0117); null when it may not be downloaded. */
  download: ReaderDownloadState | null;
  seriesUrl: string;
  direction: Direction;
  onDirection: () => void;
  spread: boolean;
  spreadAvailable: boolean;
  onSpread: () => void;
  /** `label`: what the count shows for the view, "16-17" for a spread. */
  slider: {
    page: number;
    label: string;
    /** The slider's first stop: the cover (0), or page 1 without one. */
    start: number;
    readable: number;
    onSeek: (page: number) => void;
  } | null;
}) {
  const { book } = reader;
  const [fullscreen, setFullscreen] = useState(false);
  const [canFullscreen, setCanFullscreen] = useState(false);
  useEffect(() => {
    setCanFullscreen(Boolean(document.fullscreenEnabled));
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => {});
  };
  // A finger's tap shows the bars on its lift; the click it may still send lands on the slider
  // or a button that just appeared under it, and must fall through.
  const settling = useSettling(shown);

  return (
    <>
      <header
        className="reader__bar reader__bar--top"
        hidden={!shown}
        data-settling={settling || undefined}
      >
        <Link to={seriesUrl} className="reader__back" aria-label="作品ページへ戻る">
          <span aria-hidden="true">‹</span>
        </Link>
        <div className="reader__title">
          <h1>{book.series_title || book.title}</h1>
          <p>
            {volumeTitle(book)}
            {reader.entitlement === "trial" ? "（試し読み）" : ""}
          </p>
        </div>
        <div className="reader__tools">
          {download ? <ReaderDownloadButton dl={download} /> : null}
          {book.vertical ? null : (
            <button
              type="button"
              onClick={onDirection}
              aria-label={`めくる方向を切り替える（いまは${direction === "rtl" ? "右開き" : "左開き"}）`}
            >
              {direction === "rtl" ? "右開き" : "左開き"}
            </button>
          )}
          {spreadAvailable ? (
            <button type="button" onClick={onSpread} aria-pressed={spread}>
              見開き
            </button>
          ) : null}
          {canFullscreen ? (
            <button type="button" onClick={toggleFullscreen} aria-pressed={fullscreen}>
              {fullscreen ? "全画面終了" : "全画面"}
            </button>
          ) : null}
        </div>
      </header>
      <footer
        className="reader__bar reader__bar--bottom"
        // A タテヨミ strip shows no page numbers (issue 25 item 7): it has no bottom bar.
        hidden={!shown || !slider}
        data-settling={settling || undefined}
      >
        <div className="reader__tools reader__tools--bottom">
          <button
            type="button"
            onClick={() => onPanel("grid")}
            aria-pressed={panel === "grid"}
            aria-label="ページ一覧"
          >
            一覧
          </button>
          <button
            type="button"
            onClick={() => onPanel("bookmarks")}
            aria-pressed={panel === "bookmarks"}
            aria-label={marked ? "しおり（このページに挟んであります）" : "しおり"}
            data-marked={marked || undefined}
          >
            しおり
          </button>
        </div>
        {zoom ? (
          <fieldset className="reader__zoom" data-zoomed={zoom.zoomed || undefined}>
            <legend className="visually-hidden">拡大</legend>
            <button type="button" onClick={zoom.onOut} aria-label="縮小" disabled={!zoom.zoomed}>
              −
            </button>
            <output aria-live="polite" aria-label="倍率">
              {zoom.label}
            </output>
            <button type="button" onClick={zoom.onIn} aria-label="拡大">
              ＋
            </button>
            <button
              type="button"
              className="reader__zoom-reset"
              onClick={zoom.onReset}
              disabled={!zoom.zoomed}
            >
              元の大きさ
            </button>
          </fieldset>
        ) : null}
        {slider ? (
          <>
            <input
              type="range"
              className="reader__slider"
              min={slider.start}
              max={slider.readable}
              value={slider.page}
              // Page 1 sits at the right end when reading right to left, as the book itself does.
              dir={direction}
              aria-label="ページ"
              onChange={(event) => slider.onSeek(Number(event.currentTarget.value))}
            />
            <output className="reader__count" aria-live="polite">
              {slider.label} / {book.page_count}
            </output>
          </>
        ) : null}
      </footer>
    </>
  );
}

/** The volume's own title when it has one (it usually carries the number), else 3巻 / 第3話. */
function volumeTitle(book: ReaderBook["book"]): string {
  if (book.title && book.title !== book.series_title) return book.title;
  return book.volume > 0 ? volumeName(book.volume, book.vertical) : "";
}

// ---------------------------------------------------------------------------------------------

/**
 * Saves a member's position a moment after the last move, and at once when the page is hidden
 * or left, so the volume reopens there on any device. Opening writes nothing but the first
 * opening of a volume (which shows it as being read); a volume reopened inside a spread keeps
 * the page it was saved at.
 */
function useProgress(reader: ReaderBook, page: number, atEnd: boolean) {
  const { book } = reader;
  const readable = Math.min(reader.readable_pages, reader.pages.length);
  const current = progressAt({ page, atEnd }, { readable, pageCount: book.page_count });
  const key = `${current.page}:${current.finished}`;
  const [saver] = useState(() => new PositionSaver(book.book_id));
  // A volume opened again is saved once the member moves (reopening a finished volume at page 1
  // does not unmark it); one never opened is saved at once, so it shows as being read.
  const last = useRef(reader.position ? key : "none");

  useEffect(() => {
    if (!reader.is_login || readable === 0 || key === last.current) return;
    last.current = key;
    const [p, f] = key.split(":");
    saver.moved({ page: Number(p), finished: f === "true" });
    const timer = window.setTimeout(() => saver.flush(), SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key, reader.is_login, readable, saver]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") saver.flush();
    };
    const onLeave = () => saver.flush();
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onLeave);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onLeave);
      // Leaving the reader inside the app (back to the series) saves too.
      saver.flush();
    };
  }, [saver]);
}

// ---------------------------------------------------------------------------------------------

/** Where a press began, and whether it already turned on its lift (a swipe, a finger's tap). */
type Press = { x: number; y: number; turned: boolean };
type Point = { x: number; y: number };

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Links, buttons and the end panel are pressed, not turned: only the ground around them turns. */
function onControl(target: EventTarget): boolean {
  return (target as HTMLElement).closest?.("a, button, input, label, .reader-end") != null;
}

function isTap(from: { x: number; y: number }, to: { clientX: number; clientY: number }): boolean {
  return (
    Math.abs(to.clientX - from.x) <= TAP_SLOP_PX && Math.abs(to.clientY - from.y) <= TAP_SLOP_PX
  );
}

/** A settling view takes taps again after this long even if the press's click never came. */
const SETTLE_MAX_MS = 2000;

/**
 * Whether the press under way may still send a click: from a pointerdown until its click, or
 * until a lift that moved (a swipe sends none). Read when a view appears under the finger.
 */
const pressState = { owesClick: false, x: 0, y: 0 };
if (typeof window !== "undefined") {
  const opts = { capture: true, passive: true };
  window.addEventListener(
    "pointerdown",
    (e) => Object.assign(pressState, { owesClick: true, x: e.clientX, y: e.clientY }),
    opts,
  );
  window.addEventListener(
    "pointerup",
    (e) => {
      if (!isTap(pressState, e)) pressState.owesClick = false;
    },
    opts,
  );
  window.addEventListener(
    "pointercancel",
    () => Object.assign(pressState, { owesClick: false }),
    opts,
  );
  window.addEventListener("click", () => Object.assign(pressState, { owesClick: false }), opts);
}

/**
 * True for END_SETTLE_MS after `shown` turns true (an end panel, the toolbars), and beyond it
 * until the click of the press that brought the view has come: on a slow phone that click can
 * come later than END_SETTLE_MS, and it must not press a star or 購入する (at most SETTLE_MAX_MS).
 */
function useSettling(shown: boolean): boolean {
  const [settling, setSettling] = useState(false);
  // A layout effect: the panel is marked settling in the same task that puts it on screen, so no
  // click can be dispatched to it in between (a passive effect runs after paint, too late on a
  // loaded phone).
  useLayoutEffect(() => {
    if (!shown) return;
    setSettling(true);
    let timeUp = false;
    const settle = () => {
      if (timeUp && !pressState.owesClick) setSettling(false);
    };
    const timer = window.setTimeout(() => {
      timeUp = true;
      settle();
    }, END_SETTLE_MS);
    const cap = window.setTimeout(() => setSettling(false), SETTLE_MAX_MS);
    // After the click's dispatch (capture listeners run first), so it lands on what was there.
    const onPressEnd = () => window.setTimeout(settle, 0);
    for (const type of ["click", "pointerup", "pointercancel"]) {
      window.addEventListener(type, onPressEnd);
    }
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(cap);
      for (const type of ["click", "pointerup", "pointercancel"]) {
        window.removeEventListener(type, onPressEnd);
      }
    };
  }, [shown]);
  return settling;
}

/**
 * With the toolbars shown, the view shrinks and moves to fit between them when it would reach
 * under them (a page as tall as the window at 1280 px), so the whole page stays in sight, its
 * printed number included. A transform, not a new size: nothing is laid out or fetched again.
 * `shape` changes whenever the view's pages or layout do.
 */
function useFitBetweenBars(
  viewBox: React.RefObject<HTMLDivElement | null>,
  toolbar: boolean,
  shape: string,
): string | null {
  const [fit, setFit] = useState<string | null>(null);
  const [resized, setResized] = useState(0);
  useEffect(() => {
    const onResize = () => setResized((n) => n + 1);
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: shape and resized say when to measure again
  useLayoutEffect(() => {
    const view = viewBox.current;
    const root = view?.closest(".reader");
    const top = root?.querySelector(".reader__bar--top")?.getBoundingClientRect();
    const bottom = root?.querySelector(".reader__bar--bottom")?.getBoundingClientRect();
    if (!toolbar || !view || !top || !bottom) {
      setFit(null);
      return;
    }
    // The pages' own boxes, as laid out (offsets ignore the transform being replaced).
    const pages = [...view.querySelectorAll<HTMLElement>(".reader__page")];
    if (pages.length === 0) return setFit(null);
    const pageTop = Math.min(...pages.map((p) => p.offsetTop));
    const pageBottom = Math.max(...pages.map((p) => p.offsetTop + p.offsetHeight));
    const roomTop = top.bottom;
    const roomBottom = bottom.top;
    if (pageTop >= roomTop && pageBottom <= roomBottom) return setFit(null);
    const scale = Math.min(1, (roomBottom - roomTop) / (pageBottom - pageTop));
    const shift = (roomTop + roomBottom) / 2 - (pageTop + pageBottom) / 2;
    setFit(`translateY(${shift.toFixed(1)}px) scale(${scale.toFixed(4)})`);
  }, [viewBox, toolbar, shape, resized]);
  return fit;
}
