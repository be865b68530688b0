/**
 * An objective is what a loss family needs around the shared encoder: how batches are drawn
 * (random, pairs, P×K), the loss on the batch's embeddings, and its own variables (class weights).
 */
import type * as tf from '@tensorflow/tfjs';
import type { HeadKind } from '../heads';
import type { ScheduleSpec } from '../schedule';
import type { EncoderKind } from '../encoders';

export type LossKind = 'softmax' | 'arcface' | 'cosface' | 'ssm' | 'snm' | 'ces' | 'cenm' | 'contrastive' | 'triplet';

/** What a run needs from the configuration (the app's Config satisfies it structurally). */
export interface TrainSpec extends ScheduleSpec {
  model: EncoderKind;
  dim: number;
  loss: LossKind;
  head: HeadKind;
  rho: number;
  pairs: 'class' | 'instance';
  perClass: number;
  arcMargin: number;
  cosMargin: number;
  conMargin: number;
  triMargin: number;
  tcm: 'off' | 'on';
  tcmPos: number;
  tcmNeg: number;
  tcmPosW: number;
  tcmNegW: number;
  batch: number;
  seed: number;
  dataSeed: number;
}

/** A batch drawn on the CPU, ready to embed. */
export interface PreparedBatch {
  /** Items to embed, row-major (pair batches: the n queries, then the n documents). */
  inputs: Float32Array;
  /** Number of items in `inputs`. */
  count: number;
  /** Labels: one per item, or for pair batches one per pair. */
  labels: Int32Array;
}

/** Class weights that predict a class (nearest weight) and are drawn in the embedding view. */
export interface Classifier {
  /** Plain logits (no margin) for prediction, [B, M]. */
  logits(f: tf.Tensor2D, alpha: number, training: boolean): tf.Tensor2D;
  /** The feature compared with the weights, before l2 normalisation. */
  feature(f: tf.Tensor2D, training: boolean): tf.Tensor2D;
  /** Class weights as rows [M, d]. */
  weightRows(): tf.Tensor2D;
  /** Its trained variables (the class weights; the bias of the SM head). */
  readonly variables: tf.Variable[];
  /** What prediction reads but the optimiser does not train (BN's running statistics). */
  readonly state: tf.Variable[];
}

export interface Objective {
  /** Trainable variables besides the encoder's. */
  readonly variables: tf.Variable[];
  /** Class weights, for losses that learn them; null for pair and P×K losses. */
  readonly classifier: Classifier | null;
  /** How batches are made, when that differs from "batch random items" (shown in the UI). */
  readonly batchNote?: string;
  /** Draws the next batch. */
  next(): PreparedBatch;
  /** The loss of a batch given its embeddings [count, d]; runs inside the optimizer's tape. */
  loss(embeddings: tf.Tensor2D, batch: PreparedBatch, alpha: number): tf.Scalar;
  dispose(): void;
}
