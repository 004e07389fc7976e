import { Maximize, Minus, Plus } from "lucide-react";
import { useEffect, useRef, useState, type Dispatch, type PointerEvent as ReactPointerEvent } from "react";
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  FACET_COLOR,
  hasRoofEdges,
  LINE_COLORS,
  measuredPitch,
  scaleWords,
  type ViewDrawing,
} from "~/lib/roof-drawing";
import { SCALE_NOT_SET } from "~/lib/roof-summary";
import { clampViewBox, viewBoxSize, WHOLE_DRAWING, ZOOM, zoomStep, type ViewBox } from "~/lib/roof-zoom";
import { chosenEdges, type DrawingAction, type DrawingState, type Handle } from "~/lib/roof-drawing-state";
import { centroid, pitchFactor, polygonArea, type Point } from "~/lib/roof-geometry";

function Segment({
  line,
  stroke,
  width,
  dash,
}: {
  line: { a: Point; b: Point };
  stroke: string;
  width: number;
  dash?: string;
}) {
  return (
    <line
      x1={line.a.x}
      y1={line.a.y}
      x2={line.b.x}
      y2={line.b.y}
      stroke={stroke}
      strokeWidth={width}
      strokeDasharray={dash}
      strokeLinecap="round"
    />
  );
}

/**
 * A label on the picture: dark text on a light chip with a colored edge, legible over any
 * roof photo at a phone's width (white text with a heavy outline read as smudged). The chip
 * is sized from the longest line; an SVG text cannot be measured before it is drawn.
 */
function Label({
  x,
  y,
  lines,
  size,
  edge,
  anchor = "middle",
  testId,
}: {
  x: number;
  y: number;
  lines: string[];
  size: number;
  edge: string;
  anchor?: "middle" | "end";
  testId?: Record<string, string | number>;
}) {
  const longest = Math.max(...lines.map((l) => l.length));
  const width = longest * size * 0.6 + size * 0.8;
  const lineHeight = size * 1.2;
  const height = lines.length * lineHeight + size * 0.4;
  const left = anchor === "middle" ? x - width / 2 : x - width;
  const top = anchor === "middle" ? y - height / 2 : y - height;
  const textX = anchor === "middle" ? x : x - size * 0.4;
  return (
    <g className="pointer-events-none" {...testId}>
      <rect
        x={left}
        y={top}
        width={width}
        height={height}
        rx={size * 0.3}
        fill="#ffffff"
        fillOpacity={0.92}
        stroke={edge}
        strokeWidth={size / 8}
      />
      <text x={textX} y={top + size * 0.2} textAnchor={anchor} fontSize={size} fontWeight="700" fill="#0f172a">
        {lines.map((line, i) => (
          <tspan key={i} x={textX} dy={i === 0 ? "1em" : "1.2em"}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/**
 * The 800 x 600 drawing surface over a roof picture. Without `state` it only shows a
 * saved tracing (the page without scripts, and the same picture the PDF draws).
 *
 * With scripts it zooms (+/- buttons, or pinching on a phone) and pans (dragging the
 * picture with Select, or two fingers) by changing the viewBox only. Labels and handles
 * are sized in screen pixels, so they stay readable however small the picture is shown.
 */
export function RoofCanvas({
  imageUrl,
  view,
  state,
  dispatch,
  label,
  onImageError,
}: {
  imageUrl: string | null;
  view: ViewDrawing;
  state?: DrawingState;
  dispatch?: Dispatch<DrawingAction>;
  label: string;
  onImageError?: () => void;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const dragging = useRef<Handle | null>(null);
  const interactive = !!state && !!dispatch;
  const [box, setBox] = useState<ViewBox>(WHOLE_DRAWING);
  const [shownWidth, setShownWidth] = useState<number | null>(null);
  // Pointers down on the picture (not on a handle): one pans, two pinch.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ box: ViewBox; client: { x: number; y: number }; spread: number; at: Point } | null>(null);
  const moved = useRef(false);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setShownWidth(svg.getBoundingClientRect().width || null));
    observer.observe(svg);
    return () => observer.disconnect();
  }, []);

  const { width: boxWidth, height: boxHeight } = viewBoxSize(box.zoom);
  // Drawing units per screen pixel: 1 until the browser has measured the picture.
  const unit = shownWidth ? boxWidth / shownWidth : 1;
  const px = (n: number, least = 0) => Math.max(least, n * unit);

  const toPoint = (event: { clientX: number; clientY: number }): Point => {
    const svg = svgRef.current;
    const matrix = svg?.getScreenCTM();
    if (!svg || !matrix) return { x: 0, y: 0 };
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const clamp = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v)) * 10) / 10;
    return { x: clamp(p.x, CANVAS_WIDTH), y: clamp(p.y, CANVAS_HEIGHT) };
  };

  const startGesture = () => {
    const points = [...pointers.current.values()];
    const client =
      points.length === 2 ? { x: (points[0].x + points[1].x) / 2, y: (points[0].y + points[1].y) / 2 } : points[0];
    const spread = points.length === 2 ? Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y) : 0;
    gesture.current = { box, client, spread, at: toPoint({ clientX: client.x, clientY: client.y }) };
  };

  const startDrag = (handle: Handle) => (event: ReactPointerEvent<SVGCircleElement>) => {
    if (state?.tool !== "select") return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = handle;
  };
  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!interactive || dragging.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 1) moved.current = false;
    // One finger pans only with Select and when zoomed in; two always pinch.
    if (pointers.current.size === 2 || (state.tool === "select" && box.zoom > 1)) startGesture();
  };
  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (dragging.current) {
      dispatch?.({ type: "move", handle: dragging.current, point: toPoint(event), commit: false });
      return;
    }
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    const svg = svgRef.current;
    if (!g || !svg) return;
    const points = [...pointers.current.values()];
    const rect = svg.getBoundingClientRect();
    if (points.length === 2 && g.spread > 0) {
      const client = { x: (points[0].x + points[1].x) / 2, y: (points[0].y + points[1].y) / 2 };
      const zoom = Math.min(
        ZOOM.max,
        Math.max(ZOOM.min, (g.box.zoom * Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y)) / g.spread),
      );
      const size = viewBoxSize(zoom);
      moved.current = true;
      setBox(
        clampViewBox({
          zoom,
          x: g.at.x - ((client.x - rect.left) * size.width) / rect.width,
          y: g.at.y - ((client.y - rect.top) * size.height) / rect.height,
        }),
      );
    } else if (points.length === 1) {
      const dx = points[0].x - g.client.x;
      const dy = points[0].y - g.client.y;
      if (Math.hypot(dx, dy) > 3) moved.current = true;
      const size = viewBoxSize(g.box.zoom);
      setBox(
        clampViewBox({
          ...g.box,
          x: g.box.x - (dx * size.width) / rect.width,
          y: g.box.y - (dy * size.height) / rect.height,
        }),
      );
    }
  };
  const onPointerUp = (event: ReactPointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
    gesture.current = null;
    if (pointers.current.size === 1 && state?.tool === "select" && box.zoom > 1) startGesture();
    if (!dragging.current) return;
    dispatch?.({ type: "move", handle: dragging.current, point: toPoint(event), commit: true });
    dragging.current = null;
  };
  const onPointerLeave = (event: ReactPointerEvent<SVGSVGElement>) => {
    // A mouse leaving mid-pan ends the pan; a handle being dragged keeps its capture.
    if (dragging.current) return;
    pointers.current.delete(event.pointerId);
    gesture.current = null;
  };
  const onClick = (event: React.MouseEvent<SVGSVGElement>) => {
    if (!interactive || dragging.current) return;
    // The end of a pan or a pinch is not a click on the drawing.
    if (moved.current) {
      moved.current = false;
      return;
    }
    if (state.tool === "select") dispatch({ type: "select-facet", facet: null });
    else dispatch({ type: "click", point: toPoint(event) });
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!dispatch) return;
    if (event.key === "Escape") dispatch({ type: "cancel" });
    else if (event.key === "Delete" || event.key === "Backspace") dispatch({ type: "delete-facet" });
    else if (event.key === "Enter") dispatch({ type: "close-outline" });
    else if (event.key === "+" || event.key === "=") setBox((b) => zoomStep(b, 1));
    else if (event.key === "-") setBox((b) => zoomStep(b, -1));
    else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      dispatch({ type: "undo" });
    }
  };

  const handleProps = (handle: Handle) =>
    interactive && state.tool === "select"
      ? {
          onPointerDown: startDrag(handle),
          className: "cursor-move",
          onClick: (e: React.MouseEvent) => e.stopPropagation(),
        }
      : { className: "pointer-events-none" };
  const pitch = measuredPitch(view);
  // Shown while staff confirm an outline's edges as eaves and rakes on the top view.
  const proposedEdges =
    interactive && state.view === "top" && view.scaleSource && view.facets.length > 0 && !hasRoofEdges(view)
      ? chosenEdges(view, state.edgeChoices)
      : [];
  const handleRadius = px(9, 6);
  const labelSize = px(14, 16);

  const svg = (
    <svg
      ref={svgRef}
      viewBox={`${box.x} ${box.y} ${boxWidth} ${boxHeight}`}
      role="img"
      aria-label={label}
      tabIndex={interactive ? 0 : undefined}
      data-testid="roof-canvas"
      data-zoom={box.zoom}
      className={`block h-auto max-h-[600px] w-full touch-none select-none bg-slate-100 ${interactive && state.tool !== "select" ? "cursor-crosshair" : ""} ${interactive && state.tool === "select" && box.zoom > 1 ? "cursor-grab" : ""}`}
      onClick={onClick}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
    >
      <defs>
        <pattern id="roof-grid" width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M 40 0 L 0 0 0 40" fill="none" stroke="#cbd5e1" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width={CANVAS_WIDTH} height={CANVAS_HEIGHT} fill="url(#roof-grid)" />
      {imageUrl && (
        <image
          href={imageUrl}
          width={CANVAS_WIDTH}
          height={CANVAS_HEIGHT}
          preserveAspectRatio="xMidYMid meet"
          onError={onImageError}
        />
      )}

      {view.facets.map((facet, i) => {
        const selected = state?.selectedFacet === i;
        return (
          <polygon
            key={`f${i}`}
            data-facet={i + 1}
            points={facet.points.map((p) => `${p.x},${p.y}`).join(" ")}
            fill={FACET_COLOR}
            fillOpacity={selected ? 0.35 : 0.2}
            stroke={selected ? "#facc15" : FACET_COLOR}
            strokeWidth={px(selected ? 3 : 2, selected ? 4 : 3)}
            className={interactive && state.tool === "select" ? "cursor-pointer" : undefined}
            onClick={(e) => {
              if (!interactive || state.tool !== "select" || moved.current) return;
              e.stopPropagation();
              dispatch({ type: "select-facet", facet: i });
            }}
          />
        );
      })}

      {view.lines.map((line, i) => (
        <g key={`l${i}`} data-line={line.kind}>
          <Segment line={line} stroke={LINE_COLORS[line.kind]} width={px(3.5, 5)} />
        </g>
      ))}

      {view.pitchLine && (
        <g>
          <Segment line={view.pitchLine} stroke="#7c3aed" width={px(3, 4)} dash="10 6" />
          {pitch !== null && (
            <Label
              x={(view.pitchLine.a.x + view.pitchLine.b.x) / 2}
              y={(view.pitchLine.a.y + view.pitchLine.b.y) / 2 - labelSize * 1.4}
              lines={[`${pitch}/12`]}
              size={px(15, 16)}
              edge="#7c3aed"
            />
          )}
        </g>
      )}

      {/* The outline's edges as proposed or chosen, numbered as the list below the picture. */}
      {proposedEdges.map((e) =>
        e.kind ? (
          <Segment
            key={`pe${e.key}`}
            line={e}
            stroke={LINE_COLORS[e.kind]}
            width={px(3, 4)}
            dash={`${px(8, 10)} ${px(6, 8)}`}
          />
        ) : null,
      )}
      {proposedEdges.map((e, i) => (
        <Label
          key={`pl${e.key}`}
          x={(e.a.x + e.b.x) / 2}
          y={(e.a.y + e.b.y) / 2}
          lines={[String(i + 1)]}
          size={px(11, 12)}
          edge={e.kind ? LINE_COLORS[e.kind] : "#64748b"}
          testId={{ "data-edge": i + 1 }}
        />
      ))}

      {/* Labels after every line, so no line is drawn through them. */}
      {view.facets.map((facet, i) => {
        const c = centroid(facet.points);
        // The roof area (sloped), as the results table shows it; none without a scale.
        const area = Math.round(polygonArea(facet.points) * view.scale ** 2 * pitchFactor(facet.pitch));
        // Two short lines rather than one long one, so neighboring facets' labels do not run into each other.
        const lines = [
          `${i + 1} · ${facet.pitch}/12`,
          ...(view.scaleSource ? [`${area.toLocaleString("en-US")} sq ft`] : []),
        ];
        return (
          <Label
            key={`t${i}`}
            x={c.x}
            y={c.y}
            lines={lines}
            size={labelSize}
            edge={FACET_COLOR}
            testId={{ "data-facet-label": i + 1 }}
          />
        );
      })}

      {interactive &&
        view.facets.map((facet, i) =>
          facet.points.map((p, j) => (
            <circle
              key={`h${i}-${j}`}
              cx={p.x}
              cy={p.y}
              r={handleRadius}
              fill="#fff"
              stroke={FACET_COLOR}
              strokeWidth={px(2, 3)}
              {...handleProps({ kind: "facet", facet: i, point: j })}
            />
          )),
        )}
      {interactive &&
        view.lines.map((line, i) =>
          (["a", "b"] as const).map((end) => (
            <circle
              key={`e${i}${end}`}
              cx={line[end].x}
              cy={line[end].y}
              r={handleRadius * 0.85}
              fill="#fff"
              stroke={LINE_COLORS[line.kind]}
              strokeWidth={px(2, 3)}
              {...handleProps({ kind: "line", line: i, end })}
            />
          )),
        )}
      {interactive &&
        view.pitchLine &&
        (["a", "b"] as const).map((end) => (
          <circle
            key={`p${end}`}
            cx={view.pitchLine![end].x}
            cy={view.pitchLine![end].y}
            r={handleRadius}
            fill="#fff"
            stroke="#7c3aed"
            strokeWidth={px(2, 3)}
            {...handleProps({ kind: "pitch", end })}
          />
        ))}

      {state && state.draft.length > 0 && (
        <g className="pointer-events-none">
          <polyline
            points={state.draft.map((p) => `${p.x},${p.y}`).join(" ")}
            fill="none"
            stroke="#facc15"
            strokeWidth={px(2.5, 3)}
            strokeDasharray="8 5"
          />
          {state.draft.map((p, i) => (
            <circle
              key={i}
              cx={p.x}
              cy={p.y}
              r={i === 0 ? handleRadius * 1.4 : handleRadius * 0.7}
              fill={i === 0 ? "#facc15" : "#fff"}
              stroke="#a16207"
              strokeWidth={px(1.5, 2)}
            />
          ))}
        </g>
      )}
      {state?.scaleLine && <Segment line={state.scaleLine} stroke="#0891b2" width={px(3, 4)} dash="6 4" />}
      {state?.anchor && (
        <circle
          cx={state.anchor.x}
          cy={state.anchor.y}
          r={handleRadius * 0.85}
          fill="#0891b2"
          className="pointer-events-none"
        />
      )}
      {/* The scale, once set or once something traced needs it (a pitch line needs none). */}
      {(view.scaleSource || view.facets.length > 0 || view.lines.length > 0) && (
        <Label
          x={box.x + boxWidth - px(8, 10)}
          y={box.y + boxHeight - px(8, 10)}
          anchor="end"
          lines={[view.scaleSource ? `Scale: ${scaleWords(view)}` : SCALE_NOT_SET]}
          size={px(12, 13)}
          edge="#0f172a"
        />
      )}
    </svg>
  );
  if (!interactive) return svg;
  const zoomButton =
    "grid size-10 place-items-center rounded-md border border-black/15 bg-white/95 shadow-sm hover:bg-sand disabled:opacity-40";
  return (
    <div className="relative">
      {svg}
      <div className="absolute top-2 right-2 flex flex-col gap-1.5" role="group" aria-label="Zoom">
        <button
          type="button"
          className={zoomButton}
          aria-label="Zoom in"
          disabled={box.zoom >= ZOOM.max}
          onClick={() => setBox((b) => zoomStep(b, 1))}
        >
          <Plus aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          className={zoomButton}
          aria-label="Zoom out"
          disabled={box.zoom <= ZOOM.min}
          onClick={() => setBox((b) => zoomStep(b, -1))}
        >
          <Minus aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          className={zoomButton}
          aria-label="Show the whole picture"
          disabled={box.zoom <= ZOOM.min}
          onClick={() => setBox(WHOLE_DRAWING)}
        >
          <Maximize aria-hidden className="size-5" />
        </button>
      </div>
    </div>
  );
}
