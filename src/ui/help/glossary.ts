/**
 * Plain-language glossary of the playground: one entry per idea a plot, a control or a metric
 * uses. Written for a student after one ML course (or a lecturer showing the page to a class):
 * 2–4 sentences each, the direction that is better where there is one, and where the idea comes
 * from (HU = Heated-Up Softmax Embedding, CE = Cross-Example Softmax, TCM = Threshold-Consistent
 * Margin; SPEC = the project's SPEC.md, which fixes the exact definitions the app computes).
 *
 * Pure data (no React, no DOM), so tests and any component can import it.
 */

/** One glossary entry. */
export interface GlossaryEntry {
  /** Stable id (kebab-case), used by plot help (`terms`) and for anchors. */
  readonly id: string;
  /** The term as shown, e.g. "Cosine similarity". */
  readonly term: string;
  /** One line, for a tooltip. */
  readonly short: string;
  /** 2–4 plain sentences. */
  readonly body: string;
  /** Which direction is better, for metrics that have one (the body says it in words too). */
  readonly better?: 'higher' | 'lower';
  /** Where it comes from: paper and equation/figure/section. */
  readonly source?: string;
}

const ENTRIES = [
  {
    id: 'metric-learning',
    term: 'Metric learning',
    short: 'Training a network so that distances between its outputs mean "similar" or "different".',
    body:
      'Metric learning trains a network to map each input to a point, its embedding, so that items of the same class land close together and items of different classes far apart. ' +
      'Afterwards the network is used without a classifier: you compare embeddings, to retrieve the most similar items or to decide "same or different?" with a threshold. ' +
      'Because it only compares items, it also works for classes the network never saw in training (see the open-world split).',
    source: 'HU Sec. 3; CE Sec. 1; TCM Sec. 1',
  },
  {
    id: 'embedding',
    term: 'Embedding',
    short: 'The vector f(x) the encoder outputs for an input x; here always compared after l2-normalising.',
    body:
      'The embedding is the vector f(x) ∈ Rᵈ the encoder outputs for an input x; d is the embedding size. ' +
      'The playground compares embeddings after l2-normalising them, f̂ = f / ‖f‖, so every embedding is a point on the unit sphere — on the unit circle when d = 2. ' +
      'Only directions matter: two embeddings are similar when they point the same way.',
    source: 'SPEC "Notation"; HU Sec. 3',
  },
  {
    id: 'cosine-similarity',
    term: 'Cosine similarity',
    short: 'c = ⟨f̂_a, f̂_b⟩: the cosine of the angle between two embeddings, from −1 to 1.',
    body:
      'The cosine similarity of two embeddings is the cosine of the angle between them, c = ⟨f̂_a, f̂_b⟩: 1 means the same direction, 0 at right angles, −1 opposite. ' +
      'For a pair of the same class higher is better; for a pair of different classes lower is better. ' +
      'Every loss and metric on this page is built on it (or on the distance d = √(2 − 2c), which orders pairs the same way).',
    source: 'SPEC "Notation"',
  },
  {
    id: 'l2-distance',
    term: 'Distance on the unit sphere',
    short: 'd = √(2 − 2c) ∈ [0, 2]: the straight-line distance between two normalised embeddings.',
    body:
      'For normalised embeddings the L2 distance is d = √(2 − 2c), where c is their cosine similarity: 0 for the same direction, √2 ≈ 1.41 at right angles, 2 for opposite directions. ' +
      'A smaller distance means a larger cosine, so "accept pairs closer than d" and "accept pairs with cosine above c" are the same rule. ' +
      'TCM and its metrics state thresholds as distances.',
    source: 'SPEC "Notation"; TCM Eq. 1',
  },
  {
    id: 'positive-negative-pairs',
    term: 'Positive and negative pairs',
    short: 'A pair of items is positive when both have the same label, negative otherwise.',
    body:
      'A pair of evaluation items is positive when the two share a label and negative when they do not. ' +
      'With ten equally large classes only about one pair in ten is positive, so negatives far outnumber positives. ' +
      'The all-pairs metrics (PR curve, utility, OPIS, distance histograms) use every pair of the evaluation items.',
    source: 'SPEC "Evaluation"',
  },
  {
    id: 'temperature',
    term: 'Temperature and scale α (λ, s)',
    short: 'The logits are α × similarity; α = 1/T is the reciprocal of the softmax temperature T.',
    body:
      'The scaled losses turn similarities (cosines, for LN and the pair losses) into logits by multiplying them by α, the reciprocal of the softmax temperature T (α = 1/T); HU calls it α, CE λ and ArcFace/CosFace s — it is the same knob. ' +
      'A large α (low temperature) makes the softmax sharp: the loss and its gradient concentrate on the few hardest examples and easy ones are left alone. ' +
      'A small α (high temperature) makes it soft: every example gets a similar, small push. ' +
      'Neither end is best: HU gets the best retrieval at an intermediate α (α = 16 in HU Table 5).',
    source: 'HU Eq. 1–3, Fig. 1; CE Eq. 2',
  },
  {
    id: 'heating-up',
    term: 'Heating-up',
    short: 'Train at a moderate α, then fine-tune at a smaller α (higher temperature) with a smaller learning rate.',
    body:
      'HU\'s recipe: train at α = 16 until the model is good, then lower α to 4 — raising the temperature, hence "heating up" — and fine-tune with the learning rate × 0.1. ' +
      'At the lower α the "boundary" samples, which got almost no gradient before, are pulled towards their class weight, so each class becomes more compact. ' +
      'Besides HU\'s step switch the playground offers linear and geometric ramps of α (the Heating-up control).',
    source: 'HU Sec. 3.2, Fig. 3, Table 5',
  },
  {
    id: 'sample-types',
    term: 'Hard, boundary and centroid samples',
    short: 'HU\'s three kinds of training sample: misclassified, barely correct, and comfortably correct.',
    body:
      'HU sorts training samples by their logits. A hard sample is misclassified (some other class\'s logit z_m is at least the true class\'s z_y); a boundary sample is correct but with a small margin z_y − max_{m≠y} z_m; a centroid sample is correct with a large margin, close to its class weight. ' +
      'Boundary and centroid samples together are the "easy" ones; HU gives no number for "small", so the playground calls the third of easy samples with the smallest margins boundary and the third with the largest centroid. ' +
      'The temperature decides how much gradient each kind gets.',
    source: 'HU Sec. 3.1, Fig. 1',
  },
  {
    id: 'gradient-norm',
    term: 'Gradient norm ‖∂ℓ/∂f̂‖',
    short: 'How hard one sample\'s normalised embedding is pushed: α‖Σ_m (p_m − q_m) ŵ_m‖.',
    body:
      'For a softmax classifier with normalised features and weights, the gradient of one sample\'s loss with respect to its normalised embedding is ∂ℓ/∂f̂ = α Σ_m (p_m − q_m) ŵ_m, where p is the predicted class distribution, q the one-hot label and ŵ_m the normalised class weights. ' +
      'Its length says how strongly training moves that sample. ' +
      'As α → 0 it goes to 0 for every sample; as α grows it grows without bound for hard samples and goes to 0 for easy ones.',
    source: 'HU Eq. 3, Sec. 3.1, Fig. 2',
  },
  {
    id: 'class-weights',
    term: 'Class weights',
    short: 'One vector per class in a classifier loss; the class whose weight points closest wins.',
    body:
      'The classifier losses (softmax, ArcFace, CosFace) keep one weight vector w_m per training class and score an embedding against each. ' +
      'With normalised weights each ŵ_m is a direction on the sphere, a prototype of its class, and the embedding plot draws them as diamonds. ' +
      'The pair losses (SSM, SNM, CES, CENM, contrastive, triplet) have no class weights: they only compare items with each other.',
    source: 'HU Sec. 3, Fig. 3',
  },
  {
    id: 'normalised-softmax',
    term: 'Softmax classifier with normalised weights (SM, LN, BN)',
    short: 'A classifier on the embedding; LN/BN normalise it so that only angles and the scale α matter.',
    body:
      'A softmax classifier on the embedding, trained with cross-entropy, gives a good embedding as a by-product. ' +
      'SM is the plain version (z = Wᵀf + b, nothing normalised, α = 1). ' +
      'LN l2-normalises both the embedding and the class weights, so each logit is z_m = α·cos(angle between f and w_m); BN batch-normalises the embedding instead (no learned scale) and uses normalised weights. ' +
      'HU shows that normalising and choosing α well makes the embedding much more compact than SM\'s.',
    source: 'HU Sec. 3, 3.4 and 4.2 (Eq. 1–3, Fig. 3–4)',
  },
  {
    id: 'margin-softmax',
    term: 'ArcFace and CosFace',
    short: 'Normalised softmax classifiers that make the true class harder to win by a margin m.',
    body:
      'Two normalised softmax classifiers that handicap the true class: ArcFace adds an angle m to the angle to the true class weight, z_y = s·cos(θ_y + m); CosFace subtracts m from its cosine, z_y = s·(cos θ_y − m). ' +
      'To bring the loss down the network has to put each item well inside its class, which gives tighter classes. ' +
      's is the same scale as α. ArcFace is the base loss of TCM\'s MNIST figure.',
    source: 'SPEC "Margin losses"; TCM Fig. 4(b), Fig. 5',
  },
  {
    id: 'pair-losses',
    term: 'Contrastive and batch-hard triplet',
    short: 'Classic losses on pairs of items: pull same-class pairs together, push others apart by a margin.',
    body:
      'Contrastive loss pulls positive pairs to distance 0 and pushes negative pairs until they are at least a margin apart. ' +
      'Batch-hard triplet loss takes, for each item of the batch, its farthest positive and its nearest negative and asks the negative to be farther by at least the margin. ' +
      'Both train on P×K batches (P classes, K items each) and have neither a temperature nor class weights.',
    source: 'CE Fig. 1 (left, centre); SPEC "Margin losses"',
  },
  {
    id: 'sampled-softmax',
    term: 'Sampled softmax (SSM)',
    short: 'Each query must score its matching document above the other documents of the batch.',
    body:
      'Sampled softmax trains on a batch of (query, document) pairs: for query i, the softmax cross-entropy treats its own document (the diagonal score s_ii) as the right answer and the other documents of the batch as wrong ones. ' +
      'It only compares scores within one query\'s row, so it learns a good ranking per query but not a score that means the same for every query: 0.6 may be a match for one query and a non-match for another. ' +
      'In class mode, documents of the query\'s own class are left out rather than counted as wrong.',
    source: 'CE Eq. 1–2, Fig. 2(B)',
  },
  {
    id: 'cross-example-softmax',
    term: 'Cross-Example Softmax (CES)',
    short: 'Each matching pair must score above every non-matching pair of the batch, whatever its query.',
    body:
      'CE\'s change to sampled softmax: each matching pair s_ii competes against the negative pairs of the whole batch, not only those of its own query. ' +
      'So every match is pushed above every non-match, across queries, and a score comes to mean the same for every query — which is what makes one global threshold work. ' +
      'CE reports a much higher PR-AUC than sampled softmax with similar Recall@1.',
    source: 'CE Eq. 4–5, Fig. 1 (right), Fig. 2, Table 1',
  },
  {
    id: 'negative-mining',
    term: 'Negative mining: per row (SNM) vs across the batch (CENM)',
    short: 'Keep only the hardest negatives: the top fraction ρ of each row (SNM) or of the whole batch (CENM).',
    body:
      'Negative mining keeps only the hardest (highest-scoring) negatives in the softmax, a fraction ρ of them. ' +
      'Stochastic negative mining (SNM) takes the top k = ⌈ρ·|N_i|⌉ negatives of each query\'s row, so every query keeps the same number. ' +
      'Cross-Example Negative Mining (CENM) takes the top k = ⌈ρ·|N_B|⌉ over the whole batch, so a query with many confusing negatives may contribute all of them and an easy one none.',
    source: 'CE Eq. 3 and 6, Fig. 2(B)',
  },
  {
    id: 'tcm',
    term: 'TCM regulariser',
    short: 'Threshold-Consistent Margin: penalises positive pairs below cosine m⁺ and negative pairs above m⁻.',
    body:
      'TCM is a regulariser added to any loss, L = L_base + L_TCM. ' +
      'It looks only at hard pairs: positive pairs whose cosine is below m⁺ are penalised by m⁺ − c, negative pairs whose cosine is above m⁻ by c − m⁻, each averaged over the hard pairs and weighted by λ⁺ and λ⁻ (weights, not CE\'s scale λ). ' +
      'Because the two margins are the same for every class, all classes are pushed onto one distance scale, so one threshold suits them alike (lower OPIS).',
    source: 'TCM Eq. 5–6, Fig. 4',
  },
  {
    id: 'pr-curve',
    term: 'PR curve and PR-AUC (average precision)',
    short: 'Precision against recall as one threshold sweeps over all pairs ranked by cosine; AP is its area.',
    body:
      'Rank every pair of evaluation items by cosine, highest first, and lower one threshold down the list: precision is the share of accepted pairs that are positive, recall the share of all positive pairs accepted. ' +
      'PR-AUC is reported as average precision, AP = Σ_n (R_n − R_{n−1}) P_n (scikit-learn\'s average_precision_score). ' +
      'All queries share one ranking, so AP measures global calibration as well as separation. Higher is better: 1 is perfect, and a random ranking scores the share of positive pairs (the chance line).',
    better: 'higher',
    source: 'CE Fig. 4 (left), Table 1; SPEC "Evaluation"',
  },
  {
    id: 'calibration',
    term: 'Calibration and a global threshold',
    short: 'A score means the same for every query and class, so one threshold works everywhere.',
    body:
      'Here "calibrated" means a similarity score means the same thing whoever the query is, so one global threshold — accept pairs with cosine above t, or distance below d — works for every query and class. ' +
      'Per-query losses such as sampled softmax only learn to rank documents for each query, and absolute scores can drift from query to query. ' +
      'Cross-Example Softmax and TCM aim at calibration directly. (This is not probability calibration, where predicted probabilities should match frequencies.)',
    source: 'CE Sec. 1, Fig. 1; TCM Sec. 3, Fig. 1',
  },
  {
    id: 'calibration-range',
    term: 'Calibration range',
    short: 'The distance thresholds [d_min, d_max] at which 1% to 10% of all negative pairs are accepted.',
    body:
      'The calibration range [d_min, d_max] is the band of distance thresholds where the global false-accept rate (the share of all negative pairs accepted) goes from 1% to 10%: the thresholds someone would plausibly use. ' +
      'OPIS and ε-OPIS are measured only over this band, shaded in the utility plot. ' +
      'It is recomputed for every model, so each run is judged at its own operating range.',
    source: 'TCM Eq. 2, App. A.1.3; SPEC "Evaluation"',
  },
  {
    id: 'false-accept-rate',
    term: 'False-accept rate (FAR)',
    short: 'The share of negative pairs (different classes) a threshold wrongly accepts as "same".',
    body:
      'A threshold accepts a pair as "same class" when its distance is at most d; the false-accept rate is the share of negative pairs it accepts. ' +
      'The global FAR counts all negative pairs; a class\'s FAR_t counts only the pairs with exactly one item in that class. ' +
      'Deployed systems fix a target FAR (say 1%) and take the threshold that reaches it; lower is better at a given threshold, but a lower FAR costs more false rejects.',
    better: 'lower',
    source: 'TCM Sec. 1, Eq. 1 (specificity = 1 − FAR); SPEC "Calibration range"',
  },
  {
    id: 'false-reject-rate',
    term: 'False-reject rate (FRR)',
    short: 'The share of positive pairs (same class) a threshold wrongly rejects as "different".',
    body:
      'The false-reject rate is the share of positive pairs whose distance is above the threshold, so they are declared different; 1 − FRR is the true-accept rate (TAR), the sensitivity of TCM Eq. 1. ' +
      'A class\'s FRR_t counts the pairs inside that class; a class with one item has none, and no FRR. ' +
      'Lower is better; with one global threshold a loose, spread-out class gets a much higher FRR_t than a tight one.',
    better: 'lower',
    source: 'TCM Sec. 1, Eq. 1 (sensitivity = 1 − FRR)',
  },
  {
    id: 'utility',
    term: 'Utility U_t(d): sensitivity, specificity and their harmonic mean',
    short: 'How well threshold d serves class t: harmonic mean of accepted positives and rejected negatives.',
    body:
      'Fix a distance threshold d (accept a pair when its distance is at most d) and a class t. Sensitivity ψ_t(d) is the share of t\'s positive pairs (both ends in t) accepted; specificity φ_t(d) is the share of t\'s negative pairs (exactly one end in t) rejected. ' +
      'The utility U_t(d) = 2φψ / (φ + ψ) is their harmonic mean, an F1-style score that is high only when both are high. ' +
      'Higher is better; 1 is perfect.',
    better: 'higher',
    source: 'TCM Eq. 1 (c = 1), Fig. 2',
  },
  {
    id: 'opis',
    term: 'OPIS',
    short: 'Operating-Point Inconsistency Score: how much the per-class utilities disagree over the calibration range.',
    body:
      'OPIS is the variance of the per-class utilities U_t(d) across classes, averaged over the thresholds of the calibration range. ' +
      '0 means every class has the same utility curve there, so one threshold treats all classes alike; lower is better. ' +
      'Values are small (TCM reports 0.33 × 10⁻³ without and 0.17 × 10⁻³ with TCM on iNaturalist), and a model can have high accuracy and still a high OPIS (TCM Fig. 3).',
    better: 'lower',
    source: 'TCM Eq. 2, Fig. 2–3',
  },
  {
    id: 'eps-opis',
    term: 'ε-OPIS',
    short: 'The utility gap between the best and the worst ε (10%) of classes over the calibration range.',
    body:
      'ε-OPIS looks at the extremes: rank classes by their mean utility over the calibration range, pool the best ε and the worst ε of them (default ε = 10%, at least one class each), and average (U_worst(d) − U_best(d))² over the range. ' +
      'It is large when a few classes are served much worse by the shared threshold than the best ones, even when OPIS, an average over all classes, looks fine. ' +
      'Lower is better.',
    better: 'lower',
    source: 'TCM Eq. 3–4',
  },
  {
    id: 'map-at-r',
    term: 'MAP@R and R-precision',
    short: 'For an item whose class has R other items: how many of its R nearest are of its class (R-precision), and how early they come (MAP@R).',
    body:
      'Take the R nearest other items, where R is the number of other items of the same class (capped at 1,000). R-precision is the share of them that share the label; MAP@R averages the precision at each rank where a same-class item appears, divided by R, so it rewards putting them first. ' +
      'Unlike Recall@1, one lucky neighbour is not enough: the whole class must come back first (items alone in their class are left out). Higher is better; computed over every item against every other item.',
    better: 'higher',
    source: 'SPEC "MAP@R and R-precision" (as pytorch-metric-learning\'s AccuracyCalculator defines them)',
  },
  {
    id: 'tar-at-far',
    term: 'TAR@FAR and the ROC / DET curve',
    short: 'The share of positive pairs accepted (true-accept rate) at the threshold where a given share of negative pairs is accepted.',
    body:
      'Verification asks one question of every pair: same or not? Fix how many impostors you can accept (the FAR, say 1e-4) and take the threshold that reaches it; TAR is the share of genuine pairs that threshold accepts. ' +
      'The ROC / DET curve draws TAR against FAR as the threshold loosens, with FAR on a log axis, because what matters in deployment is the far left. Higher TAR at a given FAR is better.',
    better: 'higher',
    source: 'SPEC "ROC / DET and TAR@FAR" (the face-verification convention)',
  },
  {
    id: 'recall-at-k',
    term: 'Recall@K',
    short: 'Share of items with at least one same-class item among their K nearest neighbours.',
    body:
      'For every evaluation item, look at its K nearest other items by cosine; it scores 1 if at least one of them has its label, else 0; Recall@K is the average. ' +
      'It measures top-K retrieval, a ranking per query, and ignores absolute scores — so a model can have a high Recall@1 and still be poorly calibrated. ' +
      'Higher is better. The page reports K = 1, 2, 4, 8 (as HU) and 1, 5, 10 (as CE).',
    better: 'higher',
    source: 'HU Sec. 4.2, Tables 1–5; CE Table 1',
  },
  {
    id: 'nmi',
    term: 'NMI',
    short: 'Normalised mutual information between k-means clusters of the embeddings and the true labels.',
    body:
      'Run k-means on the normalised embeddings with k = the number of classes (best of 10 seeded restarts), then measure with normalised mutual information how well the clusters match the labels. ' +
      '1 means the clusters are exactly the classes (in any order), 0 that they tell nothing about the labels. ' +
      'Higher is better.',
    better: 'higher',
    source: 'HU Sec. 4.2, Tables 1–3',
  },
  {
    id: 'centroid-accuracy',
    term: 'Nearest-centroid accuracy',
    short: 'Share of evaluation items whose nearest class centroid (leave-one-out) is their own class\'s.',
    body:
      'Each class centroid is the mean direction of that class\'s normalised evaluation embeddings. An item counts as correct when the centroid most similar to it by cosine is its own class\'s, with the item itself left out of its centroid (leave-one-out). ' +
      'It needs no classifier, so classifier losses, pair losses and the open-world split are measured the same way. ' +
      'Higher is better.',
    better: 'higher',
    source: 'The playground\'s own measure (not from the papers)',
  },
  {
    id: 'compactness',
    term: 'Compactness',
    short: 'Mean angle of items to their class centroid ÷ mean angle from each centroid to the nearest other one.',
    body:
      'Compactness divides the mean angle between each item and its class centroid by the mean angle from each class centroid to the nearest other centroid: how wide the classes are compared with the gaps to their neighbours. ' +
      'Lower is better (tighter, better-separated classes). ' +
      'HU argues that an intermediate α, and heating-up after it, give the most compact classes.',
    better: 'lower',
    source: 'The playground\'s own measure; the idea from HU Sec. 3.2, Fig. 3',
  },
  {
    id: 'pca',
    term: 'PCA projection',
    short: 'For d > 2: the embeddings seen along their two directions of largest variance.',
    body:
      'When the embedding has more than two dimensions, the plot projects the embeddings onto their top two principal components, the two directions in which they vary most. ' +
      'It is a shadow of the full space: classes that overlap in the picture may still be apart in d dimensions. ' +
      'The caption says what share of the variance the two components keep; the higher, the more faithful the picture.',
    source: 'Standard method (not from the papers)',
  },
  {
    id: 'open-world',
    term: 'Open-world split',
    short: 'Train on digits 0–5, evaluate on digits 6–9 that the model never saw.',
    body:
      'The open-world split trains on digits 0–5 and evaluates on digits 6–9. ' +
      'It tests what metric learning is for: whether the embedding separates classes it was never trained on. ' +
      'A classifier has no weights for the new classes, which is why the page measures accuracy with class centroids.',
    source: 'TCM Sec. 1 (open-world DML); SPEC "Evaluation"',
  },
  {
    id: 'decision-regions',
    term: 'Decision regions',
    short: 'Which class the model would give an input at each location of the 2-D input plane.',
    body:
      'On a 2-D toy set every location of the input plane is a possible input, so one can colour the plane by the class the trained model would assign there: the classifier\'s prediction for losses with class weights, the nearest class centroid for the others. ' +
      'The borders between colours show how the encoder carves up the input space. ' +
      'Good regions follow the shape of the data (around the blobs, along the rings or spirals); jagged or misplaced borders show an encoder that has not yet learned the structure.',
    source: 'The playground\'s own view (not from the papers)',
  },
] as const satisfies readonly GlossaryEntry[];

/** A glossary id, e.g. `'opis'`. */
export type GlossaryId = (typeof ENTRIES)[number]['id'];

/** Every entry, in reading order. Frozen. */
export const GLOSSARY: readonly (GlossaryEntry & { readonly id: GlossaryId })[] = Object.freeze(ENTRIES.map((e) => Object.freeze({ ...e })));

/** The entries by id. Frozen. */
export const GLOSSARY_BY_ID: { readonly [K in GlossaryId]: GlossaryEntry & { readonly id: K } } = Object.freeze(
  Object.fromEntries(GLOSSARY.map((e) => [e.id, e])),
) as { readonly [K in GlossaryId]: GlossaryEntry & { readonly id: K } };

/** True if `id` is a glossary id (own keys only). */
export function isGlossaryId(id: string): id is GlossaryId {
  return Object.prototype.hasOwnProperty.call(GLOSSARY_BY_ID, id);
}

/** The entry for an untrusted id, or undefined. */
export function glossaryEntry(id: string): GlossaryEntry | undefined {
  return isGlossaryId(id) ? GLOSSARY_BY_ID[id] : undefined;
}
