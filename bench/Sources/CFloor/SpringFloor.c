// The same closed forms as TransitionCore's Spring.evaluate(at:) (Timing/Spring.swift).

#include "CFloor.h"

#include <math.h>

floor_spring floor_spring_make(double mass, double stiffness, double damping, double initial_velocity,
                               int allows_overdamping) {
    floor_spring spring = {0};
    spring.initial_velocity = initial_velocity;
    double natural_frequency = sqrt(stiffness / mass);
    double ratio = damping / (2 * sqrt(stiffness * mass));
    double decay = ratio * natural_frequency;
    spring.natural_frequency = natural_frequency;
    spring.decay = decay;
    spring.regime = floor_spring_critically_damped;
    if (ratio < 1) {
        double damped_frequency = natural_frequency * sqrt((1 - ratio) * (1 + ratio));
        if (damped_frequency > 0) {
            spring.regime = floor_spring_under_damped;
            spring.damped_frequency = damped_frequency;
        }
    } else if (ratio != 1 && allows_overdamping) {
        double root = sqrt((ratio - 1) * (ratio + 1));
        double gamma = natural_frequency * root;
        if (gamma > 0) {
            spring.regime = floor_spring_over_damped;
            spring.gamma = gamma;
            spring.slow_root = -natural_frequency / (ratio + root);
        }
    }
    return spring;
}

__attribute__((noinline)) floor_spring_state floor_spring_evaluate(const floor_spring *spring, double seconds) {
    if (spring->has_cutoff && seconds >= spring->cutoff) return (floor_spring_state){1, 0};
    double t = seconds > 0 ? seconds : 0;
    double v0 = spring->initial_velocity;
    switch (spring->regime) {
    case floor_spring_under_damped: {
        double decay = spring->decay, damped_frequency = spring->damped_frequency;
        double natural_frequency = spring->natural_frequency;
        double envelope = exp(-decay * t);
        double angle = damped_frequency * t;
        double cosine = cos(angle);
        double sine_over_frequency = sin(angle) / damped_frequency;
        double displacement = envelope * (cosine + (decay - v0) * sine_over_frequency);
        double velocity =
            envelope * (v0 * cosine + (natural_frequency * natural_frequency - decay * v0) * sine_over_frequency);
        return (floor_spring_state){1 - displacement, velocity};
    }
    case floor_spring_critically_damped: {
        double frequency = spring->natural_frequency;
        double envelope = exp(-frequency * t);
        double displacement = envelope * (1 + (frequency - v0) * t);
        double velocity = envelope * (v0 + frequency * (frequency - v0) * t);
        return (floor_spring_state){1 - displacement, velocity};
    }
    case floor_spring_over_damped:
    default: {
        double decay = spring->decay, gamma = spring->gamma, slow_root = spring->slow_root;
        double slow = exp(slow_root * t);
        double fast_over_slow = exp(-2 * gamma * t);
        double k = decay - v0;
        double displacement = slow * ((1 + fast_over_slow) / 2 - k * expm1(-2 * gamma * t) / (2 * gamma));
        double derivative = slow_root * displacement + slow * fast_over_slow * (k - gamma);
        return (floor_spring_state){1 - displacement, -derivative};
    }
    }
}

double floor_spring_sweep(const floor_spring *spring, const double *times, int64_t count, int64_t repetitions) {
    double sum = 0;
    for (int64_t repetition = 0; repetition < repetitions; repetition++) {
        for (int64_t index = 0; index < count; index++) {
            floor_spring_state state = floor_spring_evaluate(spring, times[index]);
            sum += state.value + state.velocity;
        }
    }
    return sum;
}
