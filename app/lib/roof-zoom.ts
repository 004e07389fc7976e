import { CANVAS_HEIGHT, CANVAS_WIDTH } from "./roof-drawing";
import type { Point } from "./roof-geometry";

/**
 * The part of the 800 x 600 drawing shown: its top-left corner and how far zoomed in.
 * Zooming changes only the SVG's viewBox, so points clicked still land in drawing units.
 */
export type ViewBox = { x: number; y: number; zoom: number };
export const ZOOM = { min: 1, max: 8, step: 1.5 } as const;
export const WHOLE_DRAWING: ViewBox = { x: 0, y: 0, zoom: 1 };

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

export function viewBoxSize(zoom: number) {
  return { width: CANVAS_WIDTH / zoom, height: CANVAS_HEIGHT / zoom };
}

/** Never zoomed out past the whole drawing, nor panned off its edge. */
export function clampViewBox(v: ViewBox): ViewBox {
  const zoom = clamp(v.zoom, ZOOM.min, ZOOM.max);
  const { width, height } = viewBoxSize(zoom);
  return { zoom, x: clamp(v.x, 0, CANVAS_WIDTH - width), y: clamp(v.y, 0, CANVAS_HEIGHT - height) };
}

/** Zooms to `zoom` keeping the drawing point `at` where it is on the screen. */
export function zoomAround(v: ViewBox, zoom: number, at: Point): ViewBox {
  const before = viewBoxSize(v.zoom);
  const after = viewBoxSize(clamp(zoom, ZOOM.min, ZOOM.max));
  const fx = (at.x - v.x) / before.width;
  const fy = (at.y - v.y) / before.height;
  return clampViewBox({ zoom, x: at.x - fx * after.width, y: at.y - fy * after.height });
}

/** Zooms in or out one step around the middle of what is shown (the +/- buttons). */
export function zoomStep(v: ViewBox, direction: 1 | -1): ViewBox {
  const { width, height } = viewBoxSize(v.zoom);
  return zoomAround(v, direction > 0 ? v.zoom * ZOOM.step : v.zoom / ZOOM.step, {
    x: v.x + width / 2,
    y: v.y + height / 2,
  });
}
