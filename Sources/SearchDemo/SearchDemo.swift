/// The GitHub repository search app built on Streams and StreamsMVC.
public enum SearchDemoModule {}
