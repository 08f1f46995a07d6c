#ifndef C_FLOOR_H
#define C_FLOOR_H

#include <stdint.h>

// Straightforward C versions of TransitionCore's cubic-bezier solver and closed-form springs: the same
// algorithm, constants and operation order, so that both produce bit-identical results and the
// benchmark can check that they did the same work. Built -O2. Each evaluation is one real call
// (noinline), as a call into a library is.

/// A cubic Bézier timing curve from (0, 0) to (1, 1) with its power-basis x coefficients.
typedef struct {
    double x1, y1, x2, y2;
    double ax, bx, cx;
} floor_cubic_bezier;

/// The curve with control points (x1, y1), (x2, y2); x1 and x2 must lie in [0, 1].
floor_cubic_bezier floor_cubic_bezier_make(double x1, double y1, double x2, double y2);

/// y for input progress x, clamping x to [0, 1]: safeguarded Newton from t = x, bisection when a step
/// leaves the bracket or fails to halve the error, epsilon 1e-9 in x, at most 128 iterations.
double floor_cubic_bezier_solve(const floor_cubic_bezier *curve, double x);

/// The sum of `floor_cubic_bezier_solve` over `inputs`, `repetitions` times over.
double floor_cubic_bezier_sweep(const floor_cubic_bezier *curve, const double *inputs, int64_t count,
                                int64_t repetitions);

/// The damping regimes of `floor_spring`.
typedef enum {
    floor_spring_under_damped = 0,
    floor_spring_critically_damped = 1,
    floor_spring_over_damped = 2,
} floor_spring_regime;

/// A damped spring from progress 0 toward 1, with the constants of its closed-form solution.
typedef struct {
    floor_spring_regime regime;
    double initial_velocity;
    double decay;
    double damped_frequency;
    double natural_frequency;
    double gamma;
    double slow_root;
    int has_cutoff;
    double cutoff;
} floor_spring;

/// The spring for mass, stiffness and damping (all > 0) and an initial velocity in progress per second.
/// With `allows_overdamping` 0 an over-damped spring moves as the critically damped one.
floor_spring floor_spring_make(double mass, double stiffness, double damping, double initial_velocity,
                               int allows_overdamping);

/// Progress and its velocity at `seconds`.
typedef struct {
    double value;
    double velocity;
} floor_spring_state;

/// The state at `seconds` (times before 0 evaluate as 0).
floor_spring_state floor_spring_evaluate(const floor_spring *spring, double seconds);

/// The sum of value + velocity of `floor_spring_evaluate` over `times`, `repetitions` times over.
double floor_spring_sweep(const floor_spring *spring, const double *times, int64_t count, int64_t repetitions);

#endif
