"""SCP, the adapter protocol: message shapes and framing, and the features an adapter declares."""
