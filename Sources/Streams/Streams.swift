/// Streams: reactive streams with ReactiveX semantics and RxSwift names.
public enum StreamsModule {}
