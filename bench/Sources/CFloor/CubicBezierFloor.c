// The same algorithm as TransitionCore's CubicBezier.solve(_:) (Timing/CubicBezier+Solving.swift).

#include "CFloor.h"

#include <math.h>

static const double solver_epsilon = 1e-9;
static const int maximum_solver_iterations = 128;

floor_cubic_bezier floor_cubic_bezier_make(double x1, double y1, double x2, double y2) {
    floor_cubic_bezier curve = {x1, y1, x2, y2, 0, 0, 0};
    curve.cx = 3 * x1;
    curve.bx = 3 * (x2 - x1) - curve.cx;
    curve.ax = 1 - curve.cx - curve.bx;
    return curve;
}

static inline double sample_x(const floor_cubic_bezier *curve, double t) {
    return ((curve->ax * t + curve->bx) * t + curve->cx) * t;
}

static inline double sample_y(const floor_cubic_bezier *curve, double t) {
    double s = 1 - t;
    return 3 * s * t * (s * curve->y1 + t * curve->y2) + t * t * t;
}

static inline double sample_derivative_x(const floor_cubic_bezier *curve, double t) {
    return (3 * curve->ax * t + 2 * curve->bx) * t + curve->cx;
}

static double solve_curve_x(const floor_cubic_bezier *curve, double x) {
    if (isnan(x)) return x;
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    double low = 0, high = 1, t = x, previous_error = INFINITY;
    for (int iteration = 0; iteration < maximum_solver_iterations; iteration++) {
        double error = sample_x(curve, t) - x;
        if (fabs(error) < solver_epsilon) return t;
        if (error < 0) {
            low = t;
        } else {
            high = t;
        }
        double next = t - error / sample_derivative_x(curve, t);
        if (!(next > low && next < high) || fabs(error) > previous_error / 2) {
            next = low + (high - low) / 2;
        }
        previous_error = fabs(error);
        if (next == t) return t;
        t = next;
    }
    return t;
}

__attribute__((noinline)) double floor_cubic_bezier_solve(const floor_cubic_bezier *curve, double x) {
    if (isnan(x)) return x;
    if (x < 0) return 0;
    if (x > 1) return 1;
    return sample_y(curve, solve_curve_x(curve, x));
}

double floor_cubic_bezier_sweep(const floor_cubic_bezier *curve, const double *inputs, int64_t count,
                                int64_t repetitions) {
    double sum = 0;
    for (int64_t repetition = 0; repetition < repetitions; repetition++) {
        for (int64_t index = 0; index < count; index++) {
            sum += floor_cubic_bezier_solve(curve, inputs[index]);
        }
    }
    return sum;
}
