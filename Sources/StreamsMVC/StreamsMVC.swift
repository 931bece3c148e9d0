/// Model, View, Controller and combineModel on Streams.
public enum StreamsMVCModule {}
