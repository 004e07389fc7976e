import { useRef, type Dispatch, type PointerEvent as ReactPointerEvent } from "react";
import { CANVAS_HEIGHT, CANVAS_WIDTH, FACET_COLOR, LINE_COLORS, measuredPitch, type ViewDrawing } from "~/lib/roof-drawing";
import type { DrawingAction, DrawingState, Handle } from "~/lib/roof-drawing-state";
import { centroid, pitchFactor, polygonArea, type Point } from "~/lib/roof-geometry";

function Segment({ line, stroke, width, dash }: { line: { a: Point; b: Point }; stroke: string; width: number; dash?: string }) {
  return <line x1={line.a.x} y1={line.a.y} x2={line.b.x} y2={line.b.y} stroke={stroke} strokeWidth={width} strokeDasharray={dash} strokeLinecap="round" />;
}

/**
 * The 800 x 600 drawing surface over a roof picture. Without `state` it only shows a
 * saved tracing (the page without scripts, and the same picture the PDF draws).
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

  const toPoint = (event: { clientX: number; clientY: number }): Point => {
    const svg = svgRef.current;
    const matrix = svg?.getScreenCTM();
    if (!svg || !matrix) return { x: 0, y: 0 };
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const clamp = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v)) * 10) / 10;
    return { x: clamp(p.x, CANVAS_WIDTH), y: clamp(p.y, CANVAS_HEIGHT) };
  };

  const startDrag = (handle: Handle) => (event: ReactPointerEvent<SVGCircleElement>) => {
    if (state?.tool !== "select") return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = handle;
  };
  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (dragging.current) dispatch?.({ type: "move", handle: dragging.current, point: toPoint(event), commit: false });
  };
  const onPointerUp = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!dragging.current) return;
    dispatch?.({ type: "move", handle: dragging.current, point: toPoint(event), commit: true });
    dragging.current = null;
  };
  const onClick = (event: React.MouseEvent<SVGSVGElement>) => {
    if (!interactive || dragging.current) return;
    if (state.tool === "select") dispatch({ type: "select-facet", facet: null });
    else dispatch({ type: "click", point: toPoint(event) });
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!dispatch) return;
    if (event.key === "Escape") dispatch({ type: "cancel" });
    else if (event.key === "Delete" || event.key === "Backspace") dispatch({ type: "delete-facet" });
    else if (event.key === "Enter") dispatch({ type: "close-outline" });
    else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      dispatch({ type: "undo" });
    }
  };

  const handleProps = (handle: Handle) =>
    interactive && state.tool === "select"
      ? { onPointerDown: startDrag(handle), className: "cursor-move", onClick: (e: React.MouseEvent) => e.stopPropagation() }
      : { className: "pointer-events-none" };
  const pitch = measuredPitch(view);

  return (
    <svg
      ref={svgRef}
      viewBox={`0 0 ${CANVAS_WIDTH} ${CANVAS_HEIGHT}`}
      role="img"
      aria-label={label}
      tabIndex={interactive ? 0 : undefined}
      data-testid="roof-canvas"
      className={`block h-auto max-h-[600px] w-full touch-none select-none bg-slate-100 ${interactive && state.tool !== "select" ? "cursor-crosshair" : ""}`}
      onClick={onClick}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onKeyDown={onKeyDown}
    >
      <defs>
        <pattern id="roof-grid" width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M 40 0 L 0 0 0 40" fill="none" stroke="#cbd5e1" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width={CANVAS_WIDTH} height={CANVAS_HEIGHT} fill="url(#roof-grid)" />
      {imageUrl && <image href={imageUrl} width={CANVAS_WIDTH} height={CANVAS_HEIGHT} preserveAspectRatio="xMidYMid meet" onError={onImageError} />}

      {view.facets.map((facet, i) => {
        const c = centroid(facet.points);
        const selected = state?.selectedFacet === i;
        // The roof area (sloped), as the results table shows it.
        const area = Math.round(polygonArea(facet.points) * view.scale ** 2 * pitchFactor(facet.pitch));
        return (
          <g key={`f${i}`} data-facet={i + 1}>
            <polygon
              points={facet.points.map((p) => `${p.x},${p.y}`).join(" ")}
              fill={FACET_COLOR}
              fillOpacity={selected ? 0.35 : 0.2}
              stroke={selected ? "#facc15" : FACET_COLOR}
              strokeWidth={selected ? 4 : 3}
              className={interactive && state.tool === "select" ? "cursor-pointer" : undefined}
              onClick={(e) => {
                if (!interactive || state.tool !== "select") return;
                e.stopPropagation();
                dispatch({ type: "select-facet", facet: i });
              }}
            />
            <text
              x={c.x}
              y={c.y}
              textAnchor="middle"
              className="pointer-events-none"
              fontSize="16"
              fontWeight="700"
              fill="#fff"
              stroke="#14532d"
              strokeWidth="4"
              paintOrder="stroke"
            >
              {`${i + 1}: ${area.toLocaleString("en-US")} sq ft · ${facet.pitch}/12`}
            </text>
            {interactive &&
              facet.points.map((p, j) => (
                <circle
                  key={j}
                  cx={p.x}
                  cy={p.y}
                  r={7}
                  fill="#fff"
                  stroke={FACET_COLOR}
                  strokeWidth={3}
                  {...handleProps({ kind: "facet", facet: i, point: j })}
                />
              ))}
          </g>
        );
      })}

      {view.lines.map((line, i) => (
        <g key={`l${i}`}>
          <Segment line={line} stroke={LINE_COLORS[line.kind]} width={5} />
          {interactive &&
            (["a", "b"] as const).map((end) => (
              <circle
                key={end}
                cx={line[end].x}
                cy={line[end].y}
                r={6}
                fill="#fff"
                stroke={LINE_COLORS[line.kind]}
                strokeWidth={3}
                {...handleProps({ kind: "line", line: i, end })}
              />
            ))}
        </g>
      ))}

      {view.pitchLine && (
        <g>
          <Segment line={view.pitchLine} stroke="#7c3aed" width={4} dash="10 6" />
          <text
            x={(view.pitchLine.a.x + view.pitchLine.b.x) / 2}
            y={(view.pitchLine.a.y + view.pitchLine.b.y) / 2 - 12}
            textAnchor="middle"
            fontSize="18"
            fontWeight="700"
            fill="#fff"
            stroke="#4c1d95"
            strokeWidth="4"
            paintOrder="stroke"
          >
            {pitch !== null ? `${pitch}/12` : ""}
          </text>
          {interactive &&
            (["a", "b"] as const).map((end) => (
              <circle
                key={end}
                cx={view.pitchLine![end].x}
                cy={view.pitchLine![end].y}
                r={7}
                fill="#fff"
                stroke="#7c3aed"
                strokeWidth={3}
                {...handleProps({ kind: "pitch", end })}
              />
            ))}
        </g>
      )}

      {state && state.draft.length > 0 && (
        <g className="pointer-events-none">
          <polyline points={state.draft.map((p) => `${p.x},${p.y}`).join(" ")} fill="none" stroke="#facc15" strokeWidth={3} strokeDasharray="8 5" />
          {state.draft.map((p, i) => (
            <circle key={i} cx={p.x} cy={p.y} r={i === 0 ? 10 : 5} fill={i === 0 ? "#facc15" : "#fff"} stroke="#a16207" strokeWidth={2} />
          ))}
        </g>
      )}
      {state?.scaleLine && <Segment line={state.scaleLine} stroke="#0891b2" width={4} dash="6 4" />}
      {state?.anchor && <circle cx={state.anchor.x} cy={state.anchor.y} r={6} fill="#0891b2" className="pointer-events-none" />}
      <text
        x={CANVAS_WIDTH - 10}
        y={CANVAS_HEIGHT - 10}
        textAnchor="end"
        fontSize="13"
        fill="#fff"
        stroke="#0f172a"
        strokeWidth="3"
        paintOrder="stroke"
        className="pointer-events-none"
      >
        {`Scale ${Number(view.scale.toFixed(3))} ft per unit`}
      </text>
    </svg>
  );
}
