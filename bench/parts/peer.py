#!/usr/bin/env python3
"""The peer of `metric-playground evaluate` for `npm run bench` (BENCH_PARTS=peer).

What a researcher runs today, as pytorch-metric-learning's AccuracyCalculator does it: faiss
IndexFlatIP k-nearest neighbours (k = 1,001) on the l2-normalised rows, R@1, MAP@R and R-precision
from them, and NMI from faiss k-means (one run, 20 iterations, k = the number of classes). Beside
it, untimed against the peer, scikit-learn's KMeans(n_init=10) with its defaults: SPEC's NMI
reference, with its inertia and time. Prints one JSON object.

usage: peer.py VECTORS.npy LABELS.npy
       peer.py --sklearn-seeds N VECTORS.npy LABELS.npy   (scikit-learn alone, seeds 0 … N−1: the
       NMI and inertia of KMeans(n_init=10, random_state=s) for each, for kmeansTable.mjs)
"""
import json
import resource
import sys
import time

import faiss
import numpy as np
from sklearn.cluster import KMeans
from sklearn.metrics import normalized_mutual_info_score


def knn_metrics(x, y, k):
    """R@1 over every item, MAP@R and R-precision over the items whose class has another item."""
    index = faiss.IndexFlatIP(x.shape[1])
    index.add(x)
    _, ids = index.search(x, k + 1)
    n = len(y)
    # The query itself comes back among its own neighbours (usually first): drop it, keep k.
    own = ids == np.arange(n)[:, None]
    keep = np.where(own.any(axis=1)[:, None], ~own, np.arange(k + 1)[None, :] < k)
    neighbours = ids[keep].reshape(n, k)
    same = y[neighbours] == y[:, None]
    counts = np.bincount(y)
    r = np.minimum(counts[y] - 1, k)
    recall1 = float(same[:, 0].mean())
    ranks = np.arange(1, k + 1)[None, :]
    within = ranks <= r[:, None]
    hits = same & within
    precision_at_i = np.cumsum(hits, axis=1) / ranks
    valid = r > 0
    map_at_r = float(((precision_at_i * hits).sum(axis=1)[valid] / r[valid]).mean())
    r_precision = float((hits.sum(axis=1)[valid] / r[valid]).mean())
    return recall1, map_at_r, r_precision


def load(vectors, labels):
    """The rows as float32 and the labels renumbered 0 … C−1."""
    x = np.load(vectors).astype(np.float32)
    _, y = np.unique(np.load(labels), return_inverse=True)
    return x, y


def sklearn_seeds(seeds, vectors, labels):
    """SPEC's NMI reference over seeds: KMeans(n_init=10) on the l2-normalised rows, per seed."""
    x, y = load(vectors, labels)
    xn = x / np.linalg.norm(x, axis=1, keepdims=True)
    k = int(y.max()) + 1
    fits = [KMeans(n_clusters=k, n_init=10, random_state=s).fit(xn) for s in range(seeds)]
    print(json.dumps({"items": int(x.shape[0]), "classes": k, "nmi": [float(normalized_mutual_info_score(y, f.labels_)) for f in fits], "inertia": [float(f.inertia_) for f in fits]}))


def main():
    if sys.argv[1] == "--sklearn-seeds":
        return sklearn_seeds(int(sys.argv[2]), sys.argv[3], sys.argv[4])
    x, y = load(sys.argv[1], sys.argv[2])
    classes = int(y.max()) + 1
    out = {"items": int(x.shape[0]), "dim": int(x.shape[1]), "classes": classes, "threads": faiss.omp_get_max_threads()}

    t0 = time.perf_counter()
    xn = x / np.linalg.norm(x, axis=1, keepdims=True)
    recall1, map_at_r, r_precision = knn_metrics(xn, y, min(1000, len(y) - 1))
    t1 = time.perf_counter()
    km = faiss.Kmeans(xn.shape[1], classes, niter=20, seed=1)
    km.train(xn)
    _, assigned = km.index.search(xn, 1)
    nmi = normalized_mutual_info_score(y, assigned[:, 0])
    t2 = time.perf_counter()
    out.update(seconds=t2 - t0, knnSeconds=t1 - t0, kmeansSeconds=t2 - t1, recall1=recall1, mapAtR=map_at_r, rPrecision=r_precision, nmi=float(nmi))

    t3 = time.perf_counter()
    sk = KMeans(n_clusters=classes, n_init=10, random_state=1).fit(xn)
    out.update(sklearnSeconds=time.perf_counter() - t3, sklearnNmi=float(normalized_mutual_info_score(y, sk.labels_)), sklearnInertia=float(sk.inertia_))
    # Peak resident memory of this process (Linux reports KiB).
    out["rssMiB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(out))


if __name__ == "__main__":
    main()
