print("transitiond: not yet implemented")
