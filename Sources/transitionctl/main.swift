print("transitionctl: not yet implemented")
