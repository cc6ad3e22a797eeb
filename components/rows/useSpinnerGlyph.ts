/**
 * The spinner's current glyph, moving while `active` (and motion is on:
 * tests turn it off so a snapshot never depends on timer ticks). Ink drives
 * every animation from one shared timer.
 */
import { useAnimation } from "ink";
import { useMotion } from "../runtime/useMotion.ts";
import { SPINNER_INTERVAL_MS, spinnerGlyph } from "./spinner-frames.ts";

export function useSpinnerGlyph(active = true): string {
  const moving = useMotion();
  const { frame } = useAnimation({ interval: SPINNER_INTERVAL_MS, isActive: active && moving });
  return spinnerGlyph(frame);
}
