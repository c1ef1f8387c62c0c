namespace EventCommitLab.Contract.Port;

/// <summary>
/// One event log as a store provider hands it out, with its three audiences: strategies see it as an
/// <see cref="IEventStore"/>, the verifier as an <see cref="IEventLogReader"/>, the ceiling as an
/// <see cref="IRawEventWriter"/>. Disposing it removes the log.
/// </summary>
public interface IEventLog : IEventStore, IEventLogReader, IRawEventWriter, IAsyncDisposable;
