/**
 * A run's model without its training: the encoder and class head of a configuration, whose
 * variables are set from values read back from the run (`Trainer.readEmbeddingVariables`). The
 * metrics worker embeds the evaluation set with it while the training worker goes on training.
 */
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../data/rng';
import { createEncoder, type Encoder } from './encoders';
import type { SoftmaxHead } from './heads';
import { embeddingVariables, type EmbeddingModel } from './embedding';
import { createClassifierHead, learnsClassWeights } from './objectives/classifier';
import type { TrainSpec } from './objectives';

export class EncoderCopy implements EmbeddingModel {
  readonly encoder: Encoder;
  readonly classifier: SoftmaxHead | null;

  /** The model `spec` trains on items of `itemShape` over `numClasses` training classes (weights not yet set). */
  constructor(
    readonly spec: TrainSpec,
    itemShape: number[],
    numClasses: number,
  ) {
    // The initial values are overwritten by `load`; only the shapes matter.
    const rng = new Rng(spec.seed);
    this.encoder = createEncoder(spec.model, itemShape, spec.dim, rng);
    this.classifier = learnsClassWeights(spec.loss) ? createClassifierHead(spec, numClasses, rng) : null;
  }

  /** Sets every variable from `values`, in {@link embeddingVariables}' order. */
  load(values: Float32Array[]): void {
    const vars = embeddingVariables(this);
    if (values.length !== vars.length) throw new Error(`the model has ${vars.length} variables, ${values.length} were sent`);
    tf.tidy(() => vars.forEach((v, i) => v.assign(tf.tensor(values[i], v.shape))));
  }

  /** Frees its tensors. */
  dispose(): void {
    tf.dispose(this.encoder.variables);
    this.classifier?.dispose();
  }
}
