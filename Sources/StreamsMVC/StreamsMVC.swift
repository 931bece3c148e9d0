/// Model, View, Controller and combineModel on Streams (being wired).
public enum StreamsMVCModule {}
