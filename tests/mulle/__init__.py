"""Mulle tests."""
