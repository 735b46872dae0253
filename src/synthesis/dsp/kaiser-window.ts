/**
 * The Kaiser window's weight at `position` ∈ [−1, 1] of its half-width, for shape `beta`: what
 * the windowed-sinc filters (polyphase.ts, half-band.ts) multiply their sinc by.
 */
export function kaiserWeight(position: number, beta: number): number {
  return besselI0(beta * Math.sqrt(1 - position * position)) / besselI0(beta);
}

/** Modified Bessel function of the first kind, order 0 (series; converges fast for β ≤ 12). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 60; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < sum * 1e-15) break;
  }
  return sum;
}
