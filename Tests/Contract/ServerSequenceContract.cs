using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract;

public sealed class ServerSequenceContract(LabStores stores) : CommitStrategyContract(stores, "ServerSequence");
