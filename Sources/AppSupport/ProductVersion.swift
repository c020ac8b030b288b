/// The version every part of Scriptorium reports (`scriptorium --version`, the About sections).
public enum ProductVersion {
  /// Bumped with each round of issues that lands.
  public static let current = "0.18.0"
}
