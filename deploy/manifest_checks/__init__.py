"""The checks behind check_manifests.py, one module for each thing checked."""
