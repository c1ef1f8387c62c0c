using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract;

public sealed class BatchingPipelineContract(LabStores stores) : CommitStrategyContract(stores, "BatchingPipeline");
