/**
 * The Kaiser window of shape `beta`: a function giving its weight at `position` ∈ [−1, 1] of its
 * half-width, what the windowed-sinc filters (polyphase.ts, half-band.ts) multiply their sinc by.
 * The normalisation I0(β) is computed once per window, not once per tap.
 */
export function kaiserWindow(beta: number): (position: number) => number {
  const peak = besselI0(beta);
  return (position) => besselI0(beta * Math.sqrt(1 - position * position)) / peak;
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
