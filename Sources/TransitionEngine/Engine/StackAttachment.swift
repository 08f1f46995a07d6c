/// What a layer above the engine keeps with each stack (the service: the gesture input waiting for the
/// stack's turn, the client driving it, the frame and reply text it encoded last). The engine's registry
/// holds it beside the stack's actor, so that one lookup under one lock finds both and no second registry
/// of stacks exists (`TransitionEngine.attachment(of:)`).
///
/// The engine never reads it. It lives as long as the stack's entry in the registry.
public protocol StackAttachment: AnyObject, Sendable {}
