/**
 * What the worker reports that the page keeps as it comes: the backend in use and the evaluation
 * set in 2-D. Defined here, below the worker, so the store holds them without importing the
 * worker's message types (which name them again for the worker's side).
 */
import type { Config } from '../params';
import type { GradientVsAlphaResult } from '../../eval/views/gradientVsAlpha';
import type { Extent } from '../../eval/views/inputPlane';

/** The tfjs backend in use and the WebGPU adapter seen, for the status bar. */
export interface BackendInfo {
  requested: Config['backend'];
  active: string;
  adapter: { vendor: string; architecture: string; description: string; fallback: boolean } | null;
  /** Why the active backend differs from the request, or other facts worth showing. */
  note: string | null;
  /** On wasm: the threads it computes with, whether tfjs's threaded build runs, and why not more. */
  threads?: { count: number; threaded: boolean; why: string | null } | null;
}

/** The evaluation set in 2-D, ready to draw. */
export interface EmbeddingSnapshot {
  step: number;
  dim: number;
  projection: 'circle' | 'pca';
  /** Share of the variance the 2-D view shows (1 on the circle). */
  explained: number;
  /** n × 2 coordinates of the evaluation items. */
  points: Float32Array;
  labels: Int32Array;
  /** M × 2 coordinates of the l2-normalised class weights. */
  weights: Float32Array;
  /**
   * Nearest-class-centroid accuracy, leave-one-out on the evaluation items: the one accuracy the
   * page shows, comparable across every loss family and the open-world split.
   */
  accuracy: number;
  /** Mean angle of items to their class centroid ÷ mean angle from each centroid to the nearest other (lower = tighter classes). */
  compactness: number;
  /** The classifier's own accuracy (nearest class weight) when the loss has weights for every evaluated class. */
  classifierAccuracy: number | null;
  /** HU Fig. 2 for the current model, or null with the reason in `gradientNote`. */
  gradient: GradientVsAlphaResult | null;
  gradientNote: string;
  /** The input plane of a 2-D toy set (null for MNIST). */
  plane: InputPlane | null;
  /** A loaded set's name, which the view's caption shows instead of the step (sets of one's own have no step). */
  label?: string;
  /** The class names by label, for the legend (absent: the label numbers). */
  classNames?: string[];
}

/** A toy set's input plane: the class the model assigns to each cell, and training points to draw over it. */
export interface InputPlane {
  /** Cells per side; `classes` holds size × size class indices, row by row from the top (-1: none). */
  size: number;
  extent: Extent;
  classes: Int32Array;
  /** A sample of training points (n × 2) and their labels. */
  points: Float32Array;
  labels: Int32Array;
  rule: 'nearest class weight' | 'nearest class centroid';
}
