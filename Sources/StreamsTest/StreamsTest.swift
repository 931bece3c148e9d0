/// Virtual-time testing tools for Streams (the RxTest and RxBlocking counterpart).
public enum StreamsTestModule {}
